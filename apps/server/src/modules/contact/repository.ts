import type { Insertable, Transaction } from 'kysely';
import { dialectOfDb } from '../../db/database';
import type { ContactMessagesTable, Database } from '../../db/schema';

/**
 * Holds the user's row until the transaction ends, so one user's concurrent messages are
 * counted one after another (SQLite runs one write transaction at a time anyway).
 */
export const lockSender = async (trx: Transaction<Database>, userId: number) => {
  const query = trx.selectFrom('users').select('id').where('id', '=', userId);
  await (dialectOfDb<Database>(trx) === 'sqlite' ? query : query.forUpdate()).executeTakeFirst();
};

/** Messages the user has sent since `since` (epoch ms). */
export const countMessagesSince = async (
  trx: Transaction<Database>,
  options: { userId: number; since: number },
) => {
  const row = await trx
    .selectFrom('contact_messages')
    .select((eb) => [eb.fn.countAll().as('sent'), eb.fn.min('created_at').as('first_at')])
    .where('user_id', '=', options.userId)
    .where('created_at', '>', options.since)
    .executeTakeFirst();
  return { sent: Number(row?.sent ?? 0), firstAt: row?.first_at ?? undefined };
};

export const insertContactMessage = (
  trx: Transaction<Database>,
  message: Omit<Insertable<ContactMessagesTable>, 'id'>,
) => trx.insertInto('contact_messages').values(message).execute();
