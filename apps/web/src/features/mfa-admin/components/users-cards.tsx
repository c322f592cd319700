import type { ReactNode } from 'react';
import type { TMfaUser } from '@portal/domain/mfa-policy-api';
import { CardList, CardListItem } from '../../../components/ui/card-list';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { ROLE_LABELS, lastUsedText } from '../lib/display';
import { ResetButton, UserMethods } from './user-methods';

type TProps = {
  users: readonly TMfaUser[] | undefined;
  onReset: (user: TMfaUser) => void;
};

const Line = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex flex-wrap gap-x-2">
    <dt className="text-slate-600">{label}</dt>
    <dd className="min-w-0 text-slate-900">{children}</dd>
  </div>
);

/** The page's users on a phone (below md): a card each, its fields as labelled lines. */
export const UsersCards = ({ users, onReset }: TProps) =>
  !users ? (
    <SkeletonRows
      rows={4}
      label="Loading users..."
      rowClassName="h-32 rounded-xl"
      className="md:hidden"
    />
  ) : (
    <CardList aria-label="Users and their sign-in methods, by email">
      {users.map((user) => (
        <CardListItem key={user.id} className="p-4" data-testid="mfa-user-card">
          <p className="font-semibold break-words text-slate-900">{user.email}</p>
          <dl className="mt-2 space-y-1">
            <Line label="User name">
              <span className="break-words">{user.username}</span>
            </Line>
            <Line label="Role">{ROLE_LABELS[user.role]}</Line>
            <Line label="Sign-in methods">
              <UserMethods user={user} />
            </Line>
            <Line label="Last used">{lastUsedText(user)}</Line>
            <Line label="Recovery codes left">{user.recovery_codes_left}</Line>
          </dl>
          {user.factors.length > 0 && (
            <div className="mt-3">
              <ResetButton user={user} onReset={onReset} />
            </div>
          )}
        </CardListItem>
      ))}
    </CardList>
  );
