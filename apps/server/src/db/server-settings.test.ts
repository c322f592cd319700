import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../test/databases';
import { createDatabase, type TPortalDatabase } from './database';
import { databaseServerNotes } from './server-settings';

describe.each(testDialects())('database server notes [%s]', (dialect) => {
  let database: TPortalDatabase;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const test = await createTestDatabase(dialect);
    drop = test.drop;
    database = createDatabase(test.url);
  }, 60_000);
  afterAll(async () => {
    await database.destroy();
    await drop();
  });

  it('warns about a MariaDB buffer pool below the minimum, and only then', async () => {
    const small = await databaseServerNotes(database.db, dialect, Number.MAX_SAFE_INTEGER);
    const none = await databaseServerNotes(database.db, dialect, 1);
    expect(none).toEqual([]);
    if (dialect !== 'mysql') {
      expect(small).toEqual([]);
      return;
    }
    expect(small).toHaveLength(1);
    expect(small[0]!.message).toMatch(/^MariaDB's innodb_buffer_pool_size is \d+ MiB: /);
  });
});
