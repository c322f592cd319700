import { useEffect, useRef, useState } from 'react';
import { MFA_POLICY_MESSAGES, type TMfaUser } from '@portal/domain/mfa-policy-api';
import { Alert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pager } from '../../../components/ui/pager';
import { Panel } from '../../../components/ui/panel';
import { useTimedNotice } from '../../../lib/use-timed-notice';
import { useMfaUsers } from '../api/get-mfa-users';
import { useResetUserFactors } from '../api/reset-user-factors';
import { useMfaUsersUrl } from '../hooks/use-mfa-users-url';
import { failureText } from '../lib/display';
import { UsersFilters } from './users-filters';
import { UsersList } from './users-list';

const RESET_FAILED = 'The sign-in methods could not be reset. Try again.';

/** What the confirmation says will happen to the user. */
export const resetMessage = (user: TMfaUser) =>
  `This removes the authenticator apps, passkeys and recovery codes of ${user.email}, signs them out everywhere and tells them by email. They sign in again with their password${
    user.required ? ' and must add a new method before anything else.' : '.'
  }`;

/**
 * Who has enrolled: search, filters and page in the address, the users with their methods,
 * and a reset per user that asks first. The result of a reset takes the focus, as the
 * button that asked may be gone from the refreshed list.
 */
export const UsersPanel = () => {
  const { filter, show } = useMfaUsersUrl();
  const list = useMfaUsers(filter);
  const reset = useResetUserFactors();
  const [confirming, setConfirming] = useState<TMfaUser | null>(null);
  const { notice, show: tell } = useTimedNotice({ keepErrors: true });
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!notice) {
      return undefined;
    }
    // After the dialog has given the focus back to its opener.
    const timer = setTimeout(() => noticeRef.current?.focus());
    return () => clearTimeout(timer);
  }, [notice]);

  const confirm = () => {
    if (!confirming) {
      return;
    }
    reset.mutate(confirming.id, {
      onSuccess: () => tell({ tone: 'success', text: MFA_POLICY_MESSAGES.reset }),
      onError: (error) => tell({ tone: 'error', text: failureText(error, RESET_FAILED) }),
      onSettled: () => setConfirming(null),
    });
  };

  const answer = list.isError ? undefined : list.data;
  const pages = answer ? Math.ceil(answer.total / answer.page_size) : 0;
  const filtered = filter.search.trim() !== '' || filter.role !== '' || filter.enrolment !== 'all';

  return (
    <Panel aria-labelledby="mfa-users-heading">
      <h2 id="mfa-users-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Who has enrolled
      </h2>
      <UsersFilters filter={filter} onChange={show} />
      {notice && (
        <Alert tone={notice.tone} ref={noticeRef}>
          {notice.text}
        </Alert>
      )}
      <UsersList
        list={list}
        filtered={filtered}
        onReset={setConfirming}
        onClearFilters={() => show({ search: '', role: '', enrolment: 'all' })}
      />
      <Pager
        label="Users"
        page={filter.page}
        pages={pages}
        onPageChange={(page) => show({ ...filter, page })}
        disabled={list.isFetching}
      />
      <ConfirmDialog
        open={confirming !== null}
        title="Reset sign-in methods?"
        message={confirming ? resetMessage(confirming) : ''}
        confirmLabel="Reset sign-in methods"
        busyLabel="Resetting…"
        busy={reset.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </Panel>
  );
};
