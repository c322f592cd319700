import { describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { useTestPortal } from '../../test/test-portal';
import { useTestWarehouse } from '../../test/warehouse';
import { EDIT_CALLS, EVERY_CALL, signInAs, type TAsUser } from './test-support';

const warehouseFile = useTestWarehouse({ patients: 20 });

/**
 * The role × call matrix of the console's write permissions (issue 28); the refusals of
 * the roles without the console are in console.test.ts.
 */
describe.each(testDialects())('data-sync permissions [%s]', (dialect) => {
  const portal = useTestPortal(dialect, {
    get WAREHOUSE_URL() {
      return warehouseFile();
    },
    SCHEDULER_TICK_MS: '0',
  });

  it('holds edit_sync_mappings for admins: a case manager is refused exactly the SQL-writing calls', async () => {
    const { app } = portal();
    const manager = await signInAs(app, 'case_manager');
    const admin = await signInAs(app, 'admin');
    const refused = async (as: TAsUser) => {
      const statuses = new Set<string>();
      for (const call of EVERY_CALL) {
        if ((await as(call)).statusCode === 403) {
          statuses.add(`${call.method} ${call.url}`);
        }
        await app.dataSync.idle();
      }
      return statuses;
    };
    expect(await refused(manager)).toEqual(EDIT_CALLS);
    expect(await refused(admin)).toEqual(new Set());
  });
});
