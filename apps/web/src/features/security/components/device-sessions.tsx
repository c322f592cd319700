import { useState } from 'react';
import { formatDateTime } from '@portal/domain/format';
import type { TDeviceSession } from '@portal/domain/sessions-api';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useTimedNotice } from '../../../lib/use-timed-notice';
import { useDeviceSessions, useEndDeviceSessions } from '../api/device-sessions';
import { failureText } from '../lib/display';

const HEADING_ID = 'security-devices-title';

/** 'Signed in 11/28/2026, 9:02 AM · Last active 11/28/2026, 9:14 AM · 203.0.113.9'. */
const sessionDetails = (session: TDeviceSession) =>
  [
    `Signed in ${formatDateTime(session.signed_in_at)}`,
    session.current ? 'Active now' : `Last active ${formatDateTime(session.last_seen_at)}`,
    session.ip ?? 'Address not recorded',
  ].join(' · ');

/** The question before ending a session: one device, or every other one. */
type TAsk = { kind: 'one'; session: TDeviceSession } | { kind: 'others' };

/**
 * My Profile › Security's signed-in devices (issue 35): where the account is signed in now,
 * this device first, and ending a session left open elsewhere, or all of them.
 */
export const DeviceSessions = () => {
  const sessions = useDeviceSessions();
  const end = useEndDeviceSessions();
  const [ask, setAsk] = useState<TAsk | null>(null);
  const { notice, show } = useTimedNotice({ keepErrors: true });

  const confirm = () => {
    if (!ask) {
      return;
    }
    end.mutate(ask.kind === 'one' ? ask.session.id : undefined, {
      onSuccess: (answer) => show({ tone: 'success', text: answer.message }),
      onError: (error) =>
        show({ tone: 'error', text: failureText(error, 'The session could not be ended.') }),
      onSettled: () => setAsk(null),
    });
  };

  const body = () => {
    if (sessions.isPending) {
      return <SkeletonRows rows={2} label="Loading your signed-in devices…" />;
    }
    if (sessions.isError) {
      return (
        <ErrorState
          title="Your signed-in devices could not be loaded"
          message={failureText(sessions.error, 'Try again in a moment.')}
          onRetry={() => void sessions.refetch()}
          retrying={sessions.isFetching}
        />
      );
    }
    const others = sessions.data.sessions.filter((session) => !session.current);
    return (
      <>
        <ul
          aria-labelledby={HEADING_ID}
          className="divide-y divide-slate-200 rounded-lg border border-slate-200"
        >
          {sessions.data.sessions.map((session) => (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-slate-900">
                  {session.device}
                  {session.current && (
                    <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-normal text-emerald-800">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-sm break-words text-slate-600">{sessionDetails(session)}</p>
              </div>
              {!session.current && (
                <Button
                  size="sm"
                  aria-label={`Sign out ${session.device}, last active ${formatDateTime(session.last_seen_at)}`}
                  onClick={() => setAsk({ kind: 'one', session })}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
        {others.length > 0 ? (
          <Button onClick={() => setAsk({ kind: 'others' })}>Sign out everywhere else</Button>
        ) : (
          <p className="text-sm text-slate-600">You are signed in on this device only.</p>
        )}
      </>
    );
  };

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={HEADING_ID} className="text-base font-semibold text-slate-900">
        Signed-in devices
      </h3>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {body()}
      <ConfirmDialog
        open={ask !== null}
        title={
          ask?.kind === 'one' ? `Sign out ${ask.session.device}?` : 'Sign out everywhere else?'
        }
        message={
          ask?.kind === 'one'
            ? 'That device will need your password (and second step) to sign in again.'
            : 'Every other device and browser signed in to your account will need your password (and second step) to sign in again. This one stays signed in.'
        }
        confirmLabel="Sign out"
        busyLabel="Signing out…"
        busy={end.isPending}
        onConfirm={confirm}
        onCancel={() => setAsk(null)}
      />
    </section>
  );
};
