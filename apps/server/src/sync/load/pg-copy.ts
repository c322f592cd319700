import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { TColumnKind } from '../batch';
import { addReadBackRow, emptyChecksum } from '../checksum';
import type { TDestinationState } from './types';
import { decodeRow, lineSplitter } from './pg-copy-text';

export type TCopyIn = {
  /** Sends one chunk of COPY text; resolves once the socket took it, rejects on the server's error. */
  write: (chunk: string) => Promise<void>;
  /** Ends the COPY; resolves with the rows the server stored. */
  end: () => Promise<number>;
  /** Cancels the COPY (CopyFail) and waits until the connection can take the next statement. */
  abort: (reason: unknown) => Promise<void>;
};

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * A `COPY ... FROM STDIN` on the loader's connection (pg-copy-streams), written one chunk
 * at a time: each write waits until the previous chunk is in the socket, so the stream
 * never queues a chunk it would flush after the server has already failed the COPY (the
 * stream has no connection left then). Meanwhile the server parses what it has while the
 * caller builds the next chunk.
 */
export const openCopyIn = (client: pg.Client, statement: string): TCopyIn => {
  const stream = client.query(copyFrom(statement));
  let failure: Error | undefined;
  let settled = false;
  let rejectPending: ((error: Error) => void) | undefined;
  const closed = new Promise<void>((resolve) => {
    stream.once('close', resolve);
  });
  stream.on('error', (error: Error) => {
    failure ??= error;
    settled = true;
    rejectPending?.(failure);
  });

  const pending = <T>(start: (resolve: (value: T) => void, reject: (e: Error) => void) => void) =>
    new Promise<T>((resolve, reject) => {
      if (failure) {
        reject(failure);
        return;
      }
      rejectPending = reject;
      start(resolve, reject);
    }).finally(() => {
      rejectPending = undefined;
    });

  return {
    write: (chunk) =>
      pending<undefined>((resolve, reject) => {
        stream.write(chunk, (error) => (error ? reject(asError(error)) : resolve(undefined)));
      }).then(() => undefined),
    end: () =>
      pending<number>((resolve, reject) => {
        stream.end((error?: Error | null) => {
          settled = true;
          if (error) {
            reject(asError(error));
          } else {
            resolve(stream.rowCount);
          }
        });
      }),
    abort: async (reason) => {
      if (settled) {
        return;
      }
      settled = true;
      // CopyFail: the server answers with an error and is ready for ROLLBACK.
      stream.destroy(asError(reason));
      await closed;
    },
  };
};

/**
 * Count and checksum of what a SELECT returns, read with `COPY (SELECT ...) TO STDOUT`:
 * the rows stream through as text and are hashed as they arrive (no row objects, no
 * cursor round trips), with the same checksum the source side computes (checksum.ts).
 */
export const copyOutChecksum = async (
  client: pg.Client,
  select: string,
  kinds: readonly TColumnKind[],
): Promise<TDestinationState> => {
  const checksum = emptyChecksum();
  const lines = lineSplitter();
  // A row that does not decode is reported after the stream is drained: leaving the loop
  // early would leave the COPY's output unread and the connection stuck.
  let failure: Error | undefined;
  const stream = client.query(copyTo(`COPY (${select}) TO STDOUT`));
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (failure) {
      continue;
    }
    try {
      for (const line of lines.push(chunk)) {
        addReadBackRow(checksum, decodeRow(line, kinds));
      }
    } catch (error) {
      failure = asError(error);
    }
  }
  if (!failure && lines.end() !== '') {
    failure = new Error('COPY read-back: the last row was cut short');
  }
  if (failure) {
    throw failure;
  }
  return { count: checksum.rows, checksum };
};
