import { api } from '../../../lib/api-client';
import { getCheckAuth } from './check-auth';

/**
 * 'Stay signed in': a new token pair (the refresh also moves the server's last_seen_at),
 * then a signed-in call that proves the session still stands. True while it does.
 */
export const refreshSession = async (): Promise<boolean> => {
  await api.post('/api/refresh-token');
  return (await getCheckAuth()).authenticated;
};

/**
 * The keep-alive while the user is at work on screen: one signed-in call, which the server
 * counts as activity. True while the session stands.
 */
export const pingSession = async (): Promise<boolean> => (await getCheckAuth()).authenticated;
