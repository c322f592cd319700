import type { Migration } from 'kysely';
import * as m0001 from './0001-users-sessions';
import * as m0002 from './0002-auth';

/**
 * Every migration, in order. Listed here rather than read from the folder so
 * the bundled server carries them; names never change once released.
 */
export const migrations: Record<string, Migration> = {
  '0001-users-sessions': m0001,
  '0002-auth': m0002,
};
