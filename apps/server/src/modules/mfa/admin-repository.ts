import { sql, type Kysely } from 'kysely';
import { MFA_USERS_PAGE_SIZE, type TMfaUsersQuery } from '@portal/domain/mfa-policy-api';
import type { TRole } from '@portal/domain/roles';
import type { Database } from '../../db/schema';
import { enqueueMail, type TMailMessage } from '../../mail/outbox';
import { revokeUserSessions } from '../auth/session-repository';
import { containsPattern, likeEscaped } from '../../lib/like';

/** Who has enrolled a second factor, and an admin's reset of a user's factors (issue 35). */

const enrolledIds = (db: Kysely<Database>) =>
  db.selectFrom('user_factors').select('user_id').where('confirmed_at', 'is not', null);

type TUsersFilter = {
  search?: string | undefined;
  role?: TRole | undefined;
  enrolment: NonNullable<TMfaUsersQuery['enrolment']>;
};

/** Active users matching the filter: each search word in the email or the user name. */
const filteredUsers = (db: Kysely<Database>, filter: TUsersFilter) => {
  let query = db.selectFrom('users').where('users.is_active', '=', 1);
  if (filter.role) {
    query = query.where('users.role', '=', filter.role);
  }
  if (filter.enrolment === 'enrolled') {
    query = query.where('users.id', 'in', enrolledIds(db));
  } else if (filter.enrolment === 'not_enrolled') {
    query = query.where('users.id', 'not in', enrolledIds(db));
  }
  const words = (filter.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  for (const word of words) {
    const pattern = containsPattern(word);
    query = query.where((eb) =>
      eb.or(
        (['users.email', 'users.username'] as const).map((column) =>
          likeEscaped(sql`lower(${eb.ref(column)})`, pattern),
        ),
      ),
    );
  }
  return query;
};

/** One page of users (by email) with their confirmed factors and unused recovery codes. */
export const listEnrolment = async (
  db: Kysely<Database>,
  filter: TUsersFilter & { page: number },
) => {
  const [users, { total }] = await Promise.all([
    filteredUsers(db, filter)
      .select(['users.id', 'users.email', 'users.username', 'users.role'])
      .orderBy('users.email')
      .orderBy('users.id')
      .limit(MFA_USERS_PAGE_SIZE)
      .offset((filter.page - 1) * MFA_USERS_PAGE_SIZE)
      .execute(),
    filteredUsers(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const ids = users.map((user) => user.id);
  if (ids.length === 0) {
    return { users: [], factors: [], codes: [], total };
  }
  const [factors, codes] = await Promise.all([
    db
      .selectFrom('user_factors')
      .select(['user_id', 'kind', 'name', 'created_at', 'last_used_at'])
      .where('user_id', 'in', ids)
      .where('confirmed_at', 'is not', null)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('user_recovery_codes')
      .select((eb) => ['user_id', eb.fn.countAll<number>().as('left')])
      .where('user_id', 'in', ids)
      .where('used_at', 'is', null)
      .groupBy('user_id')
      .execute(),
  ]);
  return { users, factors, codes, total };
};

/**
 * Removes every factor and recovery code of the user, ends their pending sign-ins and their
 * sessions, and queues the mail telling them, in one transaction. False when the user had
 * no factor (nothing changes, no mail).
 */
export const resetFactors = (
  db: Kysely<Database>,
  options: { userId: number; mail: TMailMessage; now: number },
) =>
  db.transaction().execute(async (trx) => {
    const { numDeletedRows } = await trx
      .deleteFrom('user_factors')
      .where('user_id', '=', options.userId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst();
    if (Number(numDeletedRows) === 0) {
      return false;
    }
    await trx.deleteFrom('user_factors').where('user_id', '=', options.userId).execute();
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', options.userId).execute();
    await trx.deleteFrom('login_challenges').where('user_id', '=', options.userId).execute();
    await revokeUserSessions(trx, options.userId, options.now);
    await enqueueMail(trx, options.mail, options.now);
    return true;
  });

/** The mail a user gets when an admin resets their sign-in methods: no secret, no link token. */
export const factorsResetMail = (options: { to: string; appOrigin: string }): TMailMessage => {
  const link = `${options.appOrigin}/login`;
  const lines = [
    'An administrator of the Supplier Portal removed the two-step verification methods of your account (authenticator apps, passkeys and recovery codes), and signed you out everywhere.',
    'Sign in with your password; if your role requires two-step verification, you will be asked to set it up again.',
    'If you did not ask for this, contact your administrator or support.',
  ];
  return {
    to: options.to,
    subject: 'Your Supplier Portal sign-in methods were reset',
    text: [...lines.slice(0, 2), link, '', lines[2]].join('\n'),
    html: [
      `<p>${lines[0]}</p>`,
      `<p>${lines[1]}</p>`,
      `<p><a href="${link}">Sign in</a></p>`,
      `<p>${lines[2]}</p>`,
    ].join('\n'),
  };
};
