import type { UseQueryResult } from '@tanstack/react-query';
import type { TMfaUser, TMfaUsersResponse } from '@portal/domain/mfa-policy-api';
import { Button } from '../../../components/ui/button';
import { TableOrCards } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { failureText } from '../lib/display';
import { UsersCards } from './users-cards';
import { UsersTable } from './users-table';

type TProps = {
  list: UseQueryResult<TMfaUsersResponse>;
  /** A search or filter narrows the list: the empty state offers to clear them. */
  filtered: boolean;
  onReset: (user: TMfaUser) => void;
  onClearFilters: () => void;
};

const countText = (answer: TMfaUsersResponse) => {
  const first = (answer.page - 1) * answer.page_size + 1;
  const last = first + answer.users.length - 1;
  const total = answer.total.toLocaleString('en-US');
  if (answer.total <= answer.page_size) {
    return answer.total === 1 ? '1 user' : `${total} users`;
  }
  return `${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${total} users`;
};

/** The list's place: the users, or why there are none (a failed load with Retry, loading, empty). */
export const UsersList = ({ list, filtered, onReset, onClearFilters }: TProps) => {
  if (list.isError) {
    return (
      <ErrorState
        title="Failed to load users"
        message={failureText(list.error, 'Try again in a moment.')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.data?.users.length === 0 && !list.isPlaceholderData) {
    return filtered ? (
      <EmptyState
        title="No users found"
        text="Try another email or user name, or another role or enrolment."
        action={<Button onClick={onClearFilters}>Clear filters</Button>}
      />
    ) : (
      <EmptyState title="No users found" text="The portal has no active users yet." />
    );
  }
  const loading = list.isPending || list.isPlaceholderData;
  // An empty list kept while another loads would be an empty table: placeholders instead.
  const users =
    list.isPlaceholderData && list.data.users.length === 0 ? undefined : list.data?.users;
  return (
    <div aria-busy={loading || undefined}>
      {list.data && (
        <p className="mb-2 text-sm text-slate-600" aria-live="polite">
          {countText(list.data)}
        </p>
      )}
      <TableOrCards
        table={<UsersTable users={users} loading={loading} onReset={onReset} />}
        cards={<UsersCards users={users} onReset={onReset} />}
      />
    </div>
  );
};
