import { Suspense, useRef } from 'react';
import { ApiError } from '../../../lib/api-client';
import { pingSession, refreshSession } from '../api/refresh-session';
import { lazyComponent } from '../../../lib/lazy-component';
import { useIdleTimer } from '../hooks/use-idle-timer';

/**
 * The warning's dialog code is fetched when the page is idle (app/overlay-preload.ts),
 * long before the 28 minutes are up; at the latest, when the warning is due.
 */
export const IdleWarningDialog = lazyComponent(
  () => import('./idle-warning-dialog'),
  (module) => module.IdleWarningDialog,
);

type TProps = {
  /** The warning's 'Sign out'. */
  onSignOut: () => void;
  /**
   * Thirty minutes without input: the layout clears the screen at once and ends the session,
   * then shows /login with the expired message, or, should the server not end the session, says
   * the browser is still signed in rather than pretend (app-layout.tsx, useLogout).
   */
  onExpire: () => void;
};

/**
 * Automatic logoff on screen (HIPAA): after 28 minutes without input in any tab a warning,
 * after 30 the session ends and the screen is cleared. Mounted by the signed-in layout only.
 */
export const IdleLogoff = ({ onSignOut, onExpire }: TProps) => {
  const ended = useRef(false);

  const expire = () => {
    if (ended.current) {
      return;
    }
    ended.current = true;
    onExpire();
  };

  // The server said the session is gone; anything else (offline) is tried again later.
  const expireIfEnded = (stillSignedIn: Promise<boolean>) =>
    stillSignedIn.then(
      (signedIn) => !signedIn && expire(),
      (error: unknown) => error instanceof ApiError && error.status === 401 && expire(),
    );

  const { state, keepActive } = useIdleTimer({
    onExpire: expire,
    onKeepAlive: () => void expireIfEnded(pingSession()),
  });

  if (state.phase !== 'warning') {
    return null;
  }
  const staySignedIn = () => {
    if (keepActive()) {
      void expireIfEnded(refreshSession());
    } else {
      expire();
    }
  };
  return (
    <Suspense fallback={null}>
      <IdleWarningDialog
        remainingMs={state.remainingMs}
        onStaySignedIn={staySignedIn}
        onSignOut={onSignOut}
      />
    </Suspense>
  );
};
