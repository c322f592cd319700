import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NOTIFICATION_MESSAGES, type TUnsubscribeResponse } from '@portal/domain/notifications-api';
import { Alert } from '../../../components/ui/alert';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useUnsubscribeInfo } from '../api/get-unsubscribe';
import { useUnsubscribe } from '../api/unsubscribe';

type TProps = {
  /** Whether this browser holds a session: the settings are then one click away. */
  signedIn: boolean;
};

/** A refused token reads as the server says (the contract's words); anything else may pass. */
const failure = (error: Error) =>
  error instanceof ApiError && error.status === 400
    ? { invalid: true, text: error.serverError ?? NOTIFICATION_MESSAGES.unsubscribeInvalid }
    : { invalid: false, text: error.message };

/**
 * /unsubscribe?token=…, a notification mail's unsubscribe link: it says which emails it turns
 * off and turns them off on a click. Opening it changes nothing, as mail scanners open links;
 * mail clients that offer one-click unsubscribe (RFC 8058) POST to the API themselves.
 */
export const UnsubscribePage = ({ signedIn }: TProps) => {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return token ? (
    <UnsubscribeByToken token={token} signedIn={signedIn} />
  ) : (
    <Result title="Invalid Unsubscribe Link" signedIn={signedIn}>
      <Alert tone="error">{NOTIFICATION_MESSAGES.unsubscribeInvalid}</Alert>
    </Result>
  );
};

const UnsubscribeByToken = ({ token, signedIn }: { token: string; signedIn: boolean }) => {
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe();
  const error = info.error ?? unsubscribe.error;

  if (error) {
    const { invalid, text } = failure(error);
    const retry = () => (info.error ? void info.refetch() : unsubscribe.mutate(token));
    return (
      <Result
        title={invalid ? 'Invalid Unsubscribe Link' : 'Emails Not Changed'}
        signedIn={signedIn}
      >
        <Alert tone="error">{text}</Alert>
        {!invalid && (
          <Button variant="primary" onClick={retry} className="mb-4 w-full">
            Try Again
          </Button>
        )}
      </Result>
    );
  }
  if (!info.data) {
    return (
      <AuthCard title="Unsubscribe">
        <Spinner label="Loading..." />
      </AuthCard>
    );
  }
  if (info.data.unsubscribed) {
    return (
      <Result title="Unsubscribed" signedIn={signedIn}>
        <Alert tone="success">{info.data.message}</Alert>
      </Result>
    );
  }
  return (
    <Question
      answer={info.data}
      busy={unsubscribe.isPending}
      onUnsubscribe={() => unsubscribe.mutate(token)}
    />
  );
};

const Question = ({
  answer,
  busy,
  onUnsubscribe,
}: {
  answer: TUnsubscribeResponse;
  busy: boolean;
  onUnsubscribe: () => void;
}) => (
  <AuthCard title="Unsubscribe">
    <p className="text-lg font-semibold text-slate-900">Stop emails about: {answer.kind_label}</p>
    <p className="mt-1 mb-6 text-slate-700">
      For <span className="font-medium break-all">{answer.email_hint}</span>. The notifications stay
      in the portal.
    </p>
    <Button variant="primary" onClick={onUnsubscribe} disabled={busy} className="w-full">
      {busy ? 'Unsubscribing...' : 'Unsubscribe'}
    </Button>
  </AuthCard>
);

/** The outcome, its heading taking the focus, and the way to the settings. */
const Result = ({
  title,
  signedIn,
  children,
}: {
  title: string;
  signedIn: boolean;
  children: ReactNode;
}) => {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [title]);
  return (
    <AuthCard title={title} headingRef={heading}>
      {children}
      <p className="text-sm">
        <Button asChild variant="link" className="font-medium">
          <Link to="/profile">
            {signedIn
              ? 'Change your notification settings'
              : 'Sign in to change your notification settings'}
          </Link>
        </Button>
      </p>
    </AuthCard>
  );
};
