import { useMutation } from '@tanstack/react-query';
import { ZTotpStartResponse } from '@portal/domain/mfa-api';
import { api } from '../../../lib/api-client';

/**
 * Starts adding an authenticator app: a new key, and the otpauth:// address its QR code
 * holds. The app counts only once a code from it is confirmed.
 */
export const startTotp = () => api.post('/api/profile/totp', {}, { schema: ZTotpStartResponse });

export const useStartTotp = () =>
  useMutation({
    mutationFn: startTotp,
    // Each call makes a new key: never twice on the user's behalf.
    retry: false,
  });
