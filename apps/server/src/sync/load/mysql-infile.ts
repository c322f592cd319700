import { Readable } from 'node:stream';
import type { Connection, ResultSetHeader } from 'mysql2';
import type { TBatch } from '../batch';
import { INFILE_FORMAT, encodeInfileRows } from './mysql-infile-text';

export type TInfileLoad = {
  /** Sends one chunk of LOAD DATA text; waits while too much of it is still unsent. */
  write: (chunk: string) => Promise<void>;
  /** Ends the file; resolves with the rows stored, rejects on an error or any warning. */
  end: () => Promise<number>;
  /** Cuts the file short and waits until the connection can take the next statement. */
  abort: (reason: unknown) => Promise<void>;
};

// Bytes the file stream may hold unsent before a write waits for the socket to take them.
const HIGH_WATER = 4 * 1024 * 1024;

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** The server's answer when LOCAL is off on its side (local_infile) or on the client's. */
const REFUSED = new Set([
  1148, // ER_NOT_ALLOWED_COMMAND (MySQL 5.x, older MariaDB)
  3948, // ER_CLIENT_LOCAL_FILES_DISABLED (MySQL 8)
  4166, // ER_LOAD_INFILE_CAPABILITY_DISABLED (MariaDB 10.5+)
]);

export const isInfileRefused = (error: unknown) =>
  REFUSED.has((error as { errno?: number } | null)?.errno ?? 0);

/**
 * A `LOAD DATA LOCAL INFILE` statement on the loader's connection, its "file" a stream the
 * caller writes as the rows arrive (mysql2's infileStreamFactory). Resolves once the server
 * has asked for the file; a statement the server refuses (local_infile off, no such table)
 * rejects instead, before a single row is taken, and leaves the connection free.
 *
 * With LOCAL the server cannot stop the client mid-file, so it turns what an INSERT would
 * refuse (a value the column cannot hold, a duplicate key, a short row) into warnings and
 * goes on. end() turns any warning back into an error, so the load rolls back as the
 * INSERT path's would.
 */
export const openInfileLoad = async (core: Connection, statement: string): Promise<TInfileLoad> => {
  // mysql2 pauses the stream while the socket is full and resumes it on drain; the stream
  // asks for more (read) once what it holds falls under HIGH_WATER, which wakes the writer.
  let wake: (() => void) | undefined;
  const source = new Readable({
    highWaterMark: HIGH_WATER,
    read: () => {
      wake?.();
    },
  });
  let failure: Error | undefined;
  let finished = false;
  let requested: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    requested = resolve;
  });
  let result: ResultSetHeader | undefined;
  const settled = new Promise<void>((resolve) => {
    core.query(
      {
        sql: statement,
        infileStreamFactory: () => {
          requested();
          return source;
        },
      },
      (error, header) => {
        if (error) {
          failure ??= asError(error);
        } else {
          result = header as ResultSetHeader;
        }
        resolve();
      },
    );
  });
  await Promise.race([ready, settled]);

  const wanted = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
      void settled.then(resolve);
    }).finally(() => {
      wake = undefined;
    });

  // A function, so each call reads the failure the statement's callback may have set since.
  const check = () => {
    if (failure) {
      throw failure;
    }
  };

  const warnings = async (count: number) => {
    const [rows] = await core.promise().query('SHOW WARNINGS LIMIT 3');
    const messages = (rows as { Message: string }[]).map((row) => row.Message);
    return new Error(`LOAD DATA: ${count} warning(s), the first: ${messages.join('; ')}`);
  };

  check();
  return {
    write: async (chunk) => {
      check();
      if (!source.push(Buffer.from(chunk, 'utf8'))) {
        await wanted();
        check();
      }
    },
    end: async () => {
      finished = true;
      if (!failure) {
        source.push(null);
      }
      await settled;
      check();
      if (result!.warningStatus > 0) {
        throw await warnings(result!.warningStatus);
      }
      return result!.affectedRows;
    },
    abort: async (reason) => {
      if (!finished) {
        finished = true;
        // mysql2 ends the file on the stream's error and reports that error as the statement's.
        if (!failure) {
          source.destroy(asError(reason));
        }
      }
      await settled;
    },
  };
};

/** Where a load's rows go: an INSERT or LOAD DATA stream, ended or cut short once. */
export type TRowSink = {
  append: (batch: TBatch) => Promise<void>;
  /** Sends what is left and waits until the server has stored every row. */
  finish: () => Promise<void>;
  /** After a failure: waits until the connection can take the ROLLBACK. */
  abort: (reason: unknown) => Promise<void>;
};

/** A sink opened by the first batch; a load of no rows sends no statement at all. */
export const lazySink = (open: () => Promise<TRowSink>): TRowSink => {
  let inner: TRowSink | undefined;
  return {
    append: async (batch) => {
      inner ??= await open();
      await inner.append(batch);
    },
    finish: async () => {
      await inner?.finish();
    },
    abort: async (reason) => {
      await inner?.abort(reason);
    },
  };
};

// Rows encoded at a time, and the text gathered before it goes out as one chunk.
const SLICE_ROWS = 256;
const CHUNK_CHARS = 1024 * 1024;

/**
 * Rows streamed into `table` through one LOAD DATA statement; rejects as openInfileLoad
 * does. rowsPerChunk (the tests make it small) sends a chunk every that many rows instead
 * of every MiB.
 */
export const openInfileSink = async (options: {
  core: Connection;
  table: string;
  names: string;
  rowsPerChunk: number;
}): Promise<TRowSink> => {
  const { core, table, names, rowsPerChunk } = options;
  const load = await openInfileLoad(
    core,
    `LOAD DATA LOCAL INFILE 'rows.tsv' INTO TABLE ${table} ${INFILE_FORMAT} (${names})`,
  );
  const slice = Math.min(rowsPerChunk, SLICE_ROWS);
  let text = '';
  let rows = 0;
  return {
    append: async (batch) => {
      for (let from = 0; from < batch.rowCount; from += slice) {
        text += encodeInfileRows(batch.columns, from, Math.min(from + slice, batch.rowCount));
        if (text.length >= CHUNK_CHARS || slice === rowsPerChunk) {
          const chunk = text;
          text = '';
          await load.write(chunk);
        }
      }
      rows += batch.rowCount;
    },
    finish: async () => {
      if (text !== '') {
        await load.write(text);
        text = '';
      }
      const stored = await load.end();
      if (stored !== rows) {
        throw new Error(`LOAD DATA stored ${stored} rows of the ${rows} sent`);
      }
    },
    abort: (reason) => load.abort(reason),
  };
};
