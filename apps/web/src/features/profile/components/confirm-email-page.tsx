import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PROFILE_MESSAGES } from '@portal/domain/profile-api';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { AuthCard } from '../../../components/ui/auth-card';
import { ApiError } from '../../../lib/api-client';
import { useConfirmEmail } from '../api/confirm-email';

type TProps = {
  /** Whether this browser holds a session: the way on is then the profile, else sign-in. */
  signedIn: boolean;
  /** The app refreshes the signed-in user after the change. */
  onConfirmed?: () => unknown;
};

type TResult = { title: string; tone: 'success' | 'error'; text: string; retry: boolean };

/** What a failed confirmation says: the server's words for a spent link or a taken address. */
const failure = (error: unknown): TResult => {
  if (error instanceof ApiError && error.status === 400) {
    const text = PROFILE_MESSAGES.emailLinkInvalid;
    return { title: 'Invalid Confirmation Link', tone: 'error', text, retry: false };
  }
  if (error instanceof ApiError && error.status === 409) {
    const text = error.serverError ?? PROFILE_MESSAGES.emailTakenAtConfirm;
    return { title: 'Email Address Not Changed', tone: 'error', text, retry: false };
  }
  // Unreached, timed out or refused for now: the link may still work, so it can be tried again.
  const text = error instanceof Error ? error.message : 'An error occurred';
  return { title: 'Email Address Not Changed', tone: 'error', text, retry: true };
};

/**
 * /confirm-email?token=…, opened from the link mailed to a new address. The change waits
 * for a click, so a mail scanner that opens links does not make it on the owner's behalf;
 * the result's heading then takes the focus.
 */
export const ConfirmEmailPage = ({ signedIn, onConfirmed }: TProps) => {
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirm = useConfirmEmail(onConfirmed);
  const heading = useRef<HTMLHeadingElement>(null);

  const result: TResult | undefined = !token
    ? {
        title: 'Invalid Confirmation Link',
        tone: 'error',
        text: PROFILE_MESSAGES.emailLinkInvalid,
        retry: false,
      }
    : confirm.isSuccess
      ? {
          title: 'Email Address Changed',
          tone: 'success',
          text: confirm.data.message,
          retry: false,
        }
      : confirm.isError
        ? failure(confirm.error)
        : undefined;

  const settled = confirm.isSuccess || confirm.isError;
  const title = result?.title ?? 'Confirm Your New Email Address';
  useEffect(() => {
    if (settled) {
      heading.current?.focus();
    }
  }, [settled, title]);

  const send = () => {
    if (token) {
      confirm.mutate({ token });
    }
  };

  const onward = signedIn ? (
    <Button asChild variant="link" className="font-medium">
      <Link to="/profile">Back to My Profile</Link>
    </Button>
  ) : (
    <Button asChild variant="link" className="font-medium">
      <Link to="/login">Sign in</Link>
    </Button>
  );

  if (result) {
    return (
      <AuthCard title={result.title} headingRef={heading}>
        <Alert tone={result.tone}>{result.text}</Alert>
        {result.retry && (
          <Button variant="primary" onClick={send} className="mb-4 w-full">
            Try Again
          </Button>
        )}
        <p className="text-sm">{onward}</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} headingRef={heading}>
      <p className="mb-6 text-slate-700">
        Confirm that this address is yours. Your Supplier Portal account will then use it to sign in
        and for its mail.
      </p>
      <Button variant="primary" onClick={send} disabled={confirm.isPending} className="w-full">
        {confirm.isPending ? 'Confirming...' : 'Confirm Email Address'}
      </Button>
      <p className="mt-6 text-sm">{onward}</p>
    </AuthCard>
  );
};
