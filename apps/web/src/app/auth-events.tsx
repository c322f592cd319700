import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import { UNAUTHENTICATED, authQueryKey } from '../features/auth/api/check-auth';
import { onAuthEvent } from '../lib/api-client';
import {
  CHANGE_PASSWORD_PATH,
  noteAutomaticRedirect,
  noteLocation,
  noteUserInput,
  redirectLoopDetected,
} from './password-reset-redirect';

/** Turns the API client's session events into navigation. */
export const AuthEvents = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const pathname = useRef(location.pathname);
  useEffect(() => {
    pathname.current = location.pathname;
  }, [location.pathname]);
  // The spec's loop rule: /change-password shown right after /change-password.
  useEffect(() => {
    noteLocation({ key: location.key, pathname: location.pathname });
  }, [location.key, location.pathname]);

  // The loop backstop counts only redirects no click or key press of the user's came between.
  useEffect(() => {
    const onInput = () => noteUserInput();
    window.addEventListener('pointerdown', onInput, true);
    window.addEventListener('keydown', onInput, true);
    return () => {
      window.removeEventListener('pointerdown', onInput, true);
      window.removeEventListener('keydown', onInput, true);
    };
  }, []);

  useEffect(
    () =>
      onAuthEvent((event) => {
        if (event === 'session-expired') {
          // Nothing fetched under the old session stays in memory.
          queryClient.clear();
          void navigate('/login', {
            replace: true,
            state: { message: AUTH_MESSAGES.sessionExpired },
          });
          queryClient.setQueryData(authQueryKey, UNAUTHENTICATED);
          return;
        }
        // The server refused a call because a second factor must be added first (the role
        // became required while signed in): the guard sends the user to enrol.
        if (event === 'mfa-enrolment-required') {
          void queryClient.invalidateQueries({ queryKey: authQueryKey });
          return;
        }
        // The server refused a call because the password must change first.
        if (pathname.current !== CHANGE_PASSWORD_PATH && !redirectLoopDetected()) {
          noteAutomaticRedirect();
          void queryClient.invalidateQueries({ queryKey: authQueryKey });
          void navigate(CHANGE_PASSWORD_PATH, { replace: true });
        }
      }),
    [navigate, queryClient],
  );
  return null;
};
