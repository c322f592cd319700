import { useState } from 'react';
import {
  MFA_LIMITS,
  type TFactor,
  type TPasskeyRegisterResponse,
  type TRecoveryCodesResponse,
  type TTotpStartResponse,
} from '@portal/domain/mfa-api';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { browserHasPasskeys } from '../../../lib/passkey-support';
import { useTimedNotice } from '../../../lib/use-timed-notice';
import { useSecurity } from '../api/get-security';
import { useRemoveFactor } from '../api/remove-factor';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes';
import { useStartTotp } from '../api/start-totp';
import { failureText, recoveryCodesLeftText } from '../lib/display';
import { useFocusLater } from '../lib/use-focus-later';
import { FactorList } from './factor-list';
import { PASSKEY_TITLE_ID, PasskeyEnrolment } from './passkey-enrolment';
import { PasswordDialog, type TPasswordDialogTexts } from './password-dialog';
import { RECOVERY_CODES_TITLE_ID, RecoveryCodes } from './recovery-codes';
import { RenameDialog } from './rename-dialog';
import { ENROLMENT_TITLE_ID, TotpEnrolment } from './totp-enrolment';

const ADD_ID = 'security-add-app';
const ADD_PASSKEY_ID = 'security-add-passkey';
const RENEW_ID = 'security-new-codes';

/** What the section shows: the list, an app being added, or new codes (with what opened them). */
type TView =
  | { kind: 'list' }
  | { kind: 'enrol'; start: TTotpStartResponse }
  | { kind: 'passkey' }
  | { kind: 'codes'; answer: TRecoveryCodesResponse; openedBy: string };

/** The change the password dialog is confirming. */
type TAsk = { kind: 'remove'; factor: TFactor; last: boolean } | { kind: 'renew' };

const dialogTexts = (ask: TAsk): TPasswordDialogTexts =>
  ask.kind === 'remove'
    ? {
        title: `Remove ${ask.factor.name}?`,
        text: ask.last
          ? `Signing in will ask for your password only, and your recovery codes will stop working. Enter your current password to remove this ${ask.factor.kind === 'passkey' ? 'passkey' : 'app'}.`
          : ask.factor.kind === 'passkey'
            ? 'This passkey will no longer sign you in. Enter your current password to remove it.'
            : 'Codes from this app will no longer sign you in. Enter your current password to remove it.',
        confirmLabel: 'Remove',
        busyLabel: 'Removing...',
        tone: 'danger',
      }
    : {
        title: 'Make new recovery codes?',
        text: `Your current recovery codes will stop working. Enter your current password to see ${MFA_LIMITS.recoveryCodes} new ones.`,
        confirmLabel: 'Make new codes',
        busyLabel: 'Making codes...',
        tone: 'primary',
      };

/**
 * My Profile › Security (issue 35): the user's authenticator apps, passkeys and recovery
 * codes. Adding an app or a passkey, renaming and removing one and making new codes happen
 * here; removing and new codes ask for the password.
 */
export const SecuritySettings = () => {
  const security = useSecurity();
  const start = useStartTotp();
  const remove = useRemoveFactor();
  const renew = useRenewRecoveryCodes();
  const [view, setView] = useState<TView>({ kind: 'list' });
  const [ask, setAsk] = useState<TAsk | null>(null);
  const [renaming, setRenaming] = useState<TFactor | null>(null);
  const { notice, show, clear } = useTimedNotice({ keepErrors: true });
  const focusLater = useFocusLater();

  const backToList = (focusId: string) => {
    setView({ kind: 'list' });
    focusLater(focusId);
  };
  const showCodes = (answer: TRecoveryCodesResponse, openedBy: string) => {
    setView({ kind: 'codes', answer, openedBy });
    focusLater(RECOVERY_CODES_TITLE_ID);
  };

  if (view.kind === 'enrol') {
    return (
      <TotpEnrolment
        start={view.start}
        onEnrolled={(answer) => showCodes(answer, ADD_ID)}
        onCancel={() => backToList(ADD_ID)}
      />
    );
  }
  if (view.kind === 'passkey') {
    const onAdded = (answer: TPasskeyRegisterResponse) => {
      if (answer.recovery_codes) {
        const { recovery_codes: codes, message } = answer;
        showCodes({ success: true, message, recovery_codes: codes }, ADD_PASSKEY_ID);
      } else {
        backToList(ADD_PASSKEY_ID);
        show({ tone: 'success', text: answer.message });
      }
    };
    return <PasskeyEnrolment onAdded={onAdded} onCancel={() => backToList(ADD_PASSKEY_ID)} />;
  }
  if (view.kind === 'codes') {
    return <RecoveryCodes answer={view.answer} onDone={() => backToList(view.openedBy)} />;
  }
  if (security.isPending) {
    return <SkeletonRows rows={2} label="Loading your sign-in methods…" />;
  }
  if (security.isError) {
    return (
      <ErrorState
        title="Your sign-in methods could not be loaded"
        message={failureText(security.error, 'Try again in a moment.')}
        onRetry={() => void security.refetch()}
        retrying={security.isFetching}
      />
    );
  }

  const { factors, recovery_codes_left: codesLeft } = security.data;
  const startEnrolment = () => {
    clear();
    start.mutate(undefined, {
      onSuccess: (answer) => {
        setView({ kind: 'enrol', start: answer });
        focusLater(ENROLMENT_TITLE_ID);
      },
      onError: (error) =>
        show({ tone: 'error', text: failureText(error, 'Adding an app could not start.') }),
    });
  };
  const confirm = async (password: string) => {
    if (ask?.kind === 'remove') {
      const answer = await remove.mutateAsync({ id: ask.factor.id, password });
      setAsk(null);
      show({ tone: 'success', text: answer.message });
      focusLater(ADD_ID);
    } else {
      const answer = await renew.mutateAsync({ password });
      setAsk(null);
      showCodes(answer, RENEW_ID);
    }
  };

  return (
    <div className="space-y-4">
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {factors.length === 0 ? (
        <EmptyState
          title="No authenticator app or passkey yet."
          text="Add one so a stolen password alone cannot open your account."
        />
      ) : (
        <>
          <FactorList
            factors={factors}
            onRename={(factor) => {
              clear();
              setRenaming(factor);
            }}
            onRemove={(factor) => {
              clear();
              setAsk({ kind: 'remove', factor, last: factors.length === 1 });
            }}
          />
          <p className="text-sm text-slate-700">{recoveryCodesLeftText(codesLeft)}</p>
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          id={ADD_ID}
          // aria-disabled, not disabled: the focus stays on the button while it starts.
          aria-disabled={start.isPending || undefined}
          onClick={start.isPending ? undefined : startEnrolment}
        >
          {start.isPending ? 'Starting...' : 'Add authenticator app'}
        </Button>
        {browserHasPasskeys() && (
          <Button
            id={ADD_PASSKEY_ID}
            onClick={() => {
              clear();
              setView({ kind: 'passkey' });
              focusLater(PASSKEY_TITLE_ID);
            }}
          >
            Add passkey
          </Button>
        )}
        {factors.length > 0 && (
          <Button
            id={RENEW_ID}
            onClick={() => {
              clear();
              setAsk({ kind: 'renew' });
            }}
          >
            New recovery codes
          </Button>
        )}
      </div>
      {renaming && (
        <RenameDialog
          key={renaming.id}
          factor={renaming}
          onRenamed={(message) => {
            setRenaming(null);
            show({ tone: 'success', text: message });
          }}
          onClose={() => setRenaming(null)}
        />
      )}
      {ask && (
        <PasswordDialog
          key={ask.kind === 'remove' ? `remove-${ask.factor.id}` : 'renew'}
          {...dialogTexts(ask)}
          onConfirm={confirm}
          onClose={() => setAsk(null)}
        />
      )}
    </div>
  );
};
