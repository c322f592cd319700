import type { InjectOptions } from 'fastify';
import fuzz from 'openapi-fuzzer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { runGroup } from './modules/data-sync/test-support';
import { asSwagger2, exampleSpecs, operationsOf, type TDocument } from './test/contract/document';
import { makeRealKeys, withRealKeys } from './test/contract/fixtures';
import { runSpecs } from './test/contract/run';
import { SKIPPED_OPERATIONS } from './test/contract/skips';
import { createTestUser, signIn, withSession, type TJar } from './test/sessions';
import { useTestPortal } from './test/test-portal';
import { useTestWarehouse } from './test/warehouse';

/**
 * Issue 32: a contract test from a tool nobody here wrote. openapi-fuzzer-core turns the
 * document the portal serves into requests: invalid paths, methods, path and query
 * parameters and bodies. Beside them goes one request per operation from the document's
 * own examples. Every request goes to the real API on synced demo data, signed in as an
 * admin; test/contract/run.ts says what an answer must be. Rerun alone with
 * `npx vitest run --project server apps/server/src/contract.test.ts`.
 */
const warehouseFile = useTestWarehouse({ patients: 40 });

describe('contract: openapi-fuzzer-core against the real API', () => {
  const portal = useTestPortal('sqlite', {
    get WAREHOUSE_URL() {
      return warehouseFile();
    },
    SCHEDULER_TICK_MS: '0',
    API_DOCS: 'true',
  });
  const session: { jar: TJar } = { jar: {} };
  let document: TDocument;

  beforeAll(async () => {
    const { app } = portal();
    await createTestUser(app.portal.database.db, { email: 'contract.admin@test', role: 'admin' });
    const signedIn = await signIn(app, { email: 'contract.admin@test' });
    expect(signedIn.response.statusCode).toBe(200);
    session.jar = signedIn.jar;
    const as = (options: InjectOptions) => app.inject(withSession(session.jar, options));
    const jobId = await runGroup(app, as, DEFAULT_FULL_SYNC_GROUP_ID);
    const served = await app.inject({ url: '/api/docs/json' });
    expect(served.statusCode).toBe(200);
    document = withRealKeys(served.json<TDocument>(), await makeRealKeys(app, as, jobId));
  }, 120_000);

  const specs = () => [...exampleSpecs(document), ...fuzz.swagger(asSwagger2(document))];

  it('keeps the contract on every operation, for the examples and every fuzzed request', async () => {
    const chosen = specs().filter((spec) => spec.name !== 'METHOD');
    const { results, left } = await runSpecs(portal().app, document, session, chosen);
    const failures = results.filter((result) => result.problem !== undefined);
    const operations = operationsOf(document).length;
    const skipped = Object.keys(SKIPPED_OPERATIONS).length;
    console.log(
      `contract: ${results.length} requests, ${results.length - failures.length} passed, ` +
        `across ${operations} operations (${skipped} skipped, ${left} requests not sent)`,
    );
    // Most examples reach the data: a contract checked only on errors would prove little.
    const examplesAnswered = results.filter(
      (result) => result.spec.name === 'EXAMPLE' && result.status < 300,
    ).length;
    expect(examplesAnswered).toBeGreaterThan(operations * 0.75);
    expect(results.length).toBeGreaterThan(operations * 10);
    expect(failures.map((failure) => failure.line)).toEqual([]);
  }, 300_000);

  it('answers 405 to a method a documented path does not take', async () => {
    // DELETE /api/documents/upload is DELETE /api/documents/{id} with id 'upload': an
    // address that takes the method, whose 404 is the document's own, not a wrong method.
    const templates = operationsOf(document).map(({ method, path }) => ({
      method,
      pattern: new RegExp(
        `^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/]+?\}/g, '[^/]+')}$`,
      ),
    }));
    const takesMethod = (method: string, path: string) =>
      templates.some((t) => t.method === method.toLowerCase() && t.pattern.test(path));
    const chosen = specs().filter(
      (spec) =>
        spec.name === 'METHOD' &&
        !takesMethod(spec.request.method, spec.request.path.split('?', 1)[0] ?? ''),
    );
    const { results } = await runSpecs(portal().app, document, session, chosen);
    const failures = results.filter((result) => result.problem !== undefined);
    console.log(
      `contract (methods): ${results.length} requests, ${results.length - failures.length} passed`,
    );
    expect(results.length).toBeGreaterThan(100);
    // RFC 9110 §15.5.6: a path that exists answers 405 with Allow, not 404, to another method.
    expect(
      failures.map((failure) => failure.line),
      `${failures.length} of ${results.length} requests with a method the path does not take`,
    ).toEqual([]);
  }, 300_000);
});
