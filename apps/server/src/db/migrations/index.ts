import type { Migration } from 'kysely';
import * as m0001 from './0001-users-sessions';

/**
 * Every migration, in order. Listed here rather than read from the folder so
 * the bundled server carries them; names never change once released.
 */
export const migrations: Record<string, Migration> = {
  '0001-users-sessions': m0001,
};
