import type { FastifyInstance } from 'fastify';
import type { TFuzzSpec } from 'openapi-fuzzer-core';
import { updateJar, withSession, type TJar } from '../sessions';
import { operationOf, urlOf, type TDocument, type TOperation } from './document';
import { answerMismatch, requestIsValid } from './schemas';
import { SKIPPED_OPERATIONS } from './skips';

type TAnswer = {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
};

const declares = (operation: TOperation, status: number) => String(status) in operation.responses;

/**
 * What is wrong with an answer, or undefined when it keeps the contract: never a 5xx; a
 * status the fuzzer expects or one the document declares for the operation (a 2xx to a
 * request the fuzzer meant as invalid only when the document says it is valid after all);
 * a declared answer in its documented media type and, when JSON, matching its schema.
 */
export const judge = (spec: TFuzzSpec, operation: TOperation | undefined, answer: TAnswer) => {
  const status = answer.statusCode;
  const expected = spec.expect.status;
  if (status >= 500) {
    return `answered ${status}: ${answer.body.slice(0, 300)}`;
  }
  if (!operation) {
    return expected.includes(status)
      ? undefined
      : `answered ${status}, the fuzzer expects ${expected.join(' or ')}`;
  }
  if (!declares(operation, status)) {
    return expected.includes(status)
      ? undefined
      : `answered ${status}, neither expected (${expected.join(', ')}) nor documented`;
  }
  if (
    status < 300 &&
    !expected.includes(status) &&
    spec.name !== 'EXAMPLE' &&
    !requestIsValid(operation, spec)
  ) {
    return `answered ${status} to a request the document says is invalid`;
  }
  const header = answer.headers['content-type'];
  const type = typeof header === 'string' ? header : '';
  const mismatch = answerMismatch(operation, status, type, answer.body);
  return mismatch === undefined ? undefined : `answer ${status} off its schema: ${mismatch}`;
};

export type TResult = { spec: TFuzzSpec; line: string; status: number; problem?: string };

/** The request and answer of a failed spec, as the failure message shows it. */
const describeSpec = (spec: TFuzzSpec, url: string) =>
  `${spec.name}: ${spec.request.method.toUpperCase()} ${url}` +
  ('body' in spec.request ? ` body ${JSON.stringify(spec.request.body)}` : '');

/**
 * Sends each spec as the web app would (the session's cookies and CSRF header, cookies the
 * answers set kept), one at a time, and judges the answers. Specs reaching a skipped
 * operation are not sent.
 */
export const runSpecs = async (
  app: FastifyInstance,
  document: TDocument,
  session: { jar: TJar },
  specs: TFuzzSpec[],
) => {
  const results: TResult[] = [];
  let left = 0;
  for (const spec of specs) {
    const operation = operationOf(document, spec);
    if (
      operation &&
      `${spec.request.method.toUpperCase()} ${spec.request.path}` in SKIPPED_OPERATIONS
    ) {
      left += 1;
      continue;
    }
    const url = urlOf(spec);
    const answer = await app.inject(
      withSession(session.jar, {
        method: spec.request.method.toUpperCase(),
        url,
        ...('body' in spec.request
          ? {
              payload: JSON.stringify(spec.request.body ?? null),
              headers: { 'content-type': 'application/json' },
            }
          : {}),
      }),
    );
    session.jar = updateJar(session.jar, answer);
    // A write may start a sync; the next request does not race it.
    await app.dataSync.idle();
    const problem = judge(spec, operation, answer);
    results.push({
      spec,
      status: answer.statusCode,
      line: `${describeSpec(spec, url)} → ${problem ?? answer.statusCode}`,
      ...(problem === undefined ? {} : { problem }),
    });
  }
  return { results, left };
};
