import { useMutation } from '@tanstack/react-query';
import {
  ZContactMessageInput,
  ZContactMessageResponse,
  type TContactMessageInput,
} from '@portal/domain/contact';
import { api } from '../../../lib/api-client';

export const sendMessageInputSchema = ZContactMessageInput;

export const sendMessage = (input: TContactMessageInput) =>
  api.post('/api/contact/message', sendMessageInputSchema.parse(input), {
    schema: ZContactMessageResponse,
  });

/**
 * Not retried: a lost answer could otherwise send support the same message twice. Sent even
 * when the browser reports itself offline, so the user reads the spec's network error at once
 * instead of a form that waits, silently, for the connection to return.
 */
export const useSendMessage = () =>
  useMutation({ mutationFn: sendMessage, retry: false, networkMode: 'always' });
