import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TLoginResponse } from '@portal/domain/auth-api';
import { Alert } from '../../../components/ui/alert';
import { Button, type TButtonVariant } from '../../../components/ui/button';
import { storeSignedInUser } from '../api/login';

type TProps = {
  label: string;
  variant?: TButtonVariant;
  /** The password step's challenge; without it, the passkey signs in alone. */
  challenge?: string;
  rememberMe?: boolean;
  /** What a password sign-in does on success: the same navigation. */
  onSignedIn: (result: TLoginResponse) => void;
  /** The password step's challenge ended (with why): back to the password. */
  onExpired?: (message: string) => void;
  disabled?: boolean;
};

/**
 * Signs in with a passkey (issue 35): the browser's passkey prompt, then the session. The
 * passkey code (@simplewebauthn/browser, and the schemas it checks with) loads on the click,
 * so /login stays as small as it was. A failure is said above the button, which keeps the
 * focus for another try.
 */
export const PasskeySignInButton = ({
  label,
  variant = 'secondary',
  challenge,
  rememberMe = false,
  onSignedIn,
  onExpired,
  disabled,
}: TProps) => {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const button = useRef<HTMLButtonElement>(null);

  const start = async () => {
    setBusy(true);
    setError(undefined);
    const passkeys = await import('../../../lib/passkeys');
    try {
      const answer = await passkeys.signInWithPasskey({
        ...(challenge ? { challenge } : {}),
        rememberMe,
      });
      storeSignedInUser(queryClient, answer.user);
      onSignedIn(answer);
    } catch (failure) {
      const { expired, message } = passkeys.passkeyFailure(failure);
      setBusy(false);
      if (expired && onExpired) {
        onExpired(message);
        return;
      }
      setError(message);
      button.current?.focus();
    }
  };

  return (
    <div className="space-y-3">
      {error && <Alert tone="error">{error}</Alert>}
      <Button
        ref={button}
        variant={variant}
        className="w-full"
        // aria-disabled, not disabled: the focus stays on the button while the prompt is open.
        aria-disabled={busy || disabled || undefined}
        onClick={busy || disabled ? undefined : () => void start()}
      >
        {busy ? 'Waiting for your passkey...' : label}
      </Button>
    </div>
  );
};
