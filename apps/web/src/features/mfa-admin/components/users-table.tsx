import type { TMfaUser } from '@portal/domain/mfa-policy-api';
import { SkeletonTableRows } from '../../../components/ui/skeleton';
import { TBody, TD, TH, THead, TR, Table } from '../../../components/ui/table';
import { ROLE_LABELS, lastUsedText } from '../lib/display';
import { ResetButton, UserMethods } from './user-methods';

export const USER_COLUMNS = [
  'Email',
  'User name',
  'Role',
  'Sign-in methods',
  'Last used',
  'Recovery codes left',
  'Actions',
] as const;

type TProps = {
  users: readonly TMfaUser[] | undefined;
  loading: boolean;
  onReset: (user: TMfaUser) => void;
};

/** The page's users on wider screens (md and up), by email. */
export const UsersTable = ({ users, loading, onReset }: TProps) => (
  <Table responsive aria-busy={loading || undefined}>
    <caption className="sr-only">Users and their sign-in methods, by email</caption>
    <THead>
      <TR>
        {USER_COLUMNS.map((column) => (
          <TH key={column} numeric={column === 'Recovery codes left'}>
            {column === 'Actions' ? <span className="sr-only">{column}</span> : column}
          </TH>
        ))}
      </TR>
    </THead>
    <TBody>
      {!users ? (
        <SkeletonTableRows columns={USER_COLUMNS} label="Loading users..." />
      ) : (
        users.map((user) => (
          <TR key={user.id} data-testid="mfa-user-row">
            <TH scope="row" className="break-words">
              {user.email}
            </TH>
            <TD className="break-words">{user.username}</TD>
            <TD className="whitespace-nowrap">{ROLE_LABELS[user.role]}</TD>
            <TD>
              <UserMethods user={user} />
            </TD>
            <TD className="whitespace-nowrap">{lastUsedText(user)}</TD>
            <TD numeric>{user.recovery_codes_left}</TD>
            <TD className="text-right whitespace-nowrap">
              <ResetButton user={user} onReset={onReset} />
            </TD>
          </TR>
        ))
      )}
    </TBody>
  </Table>
);
