import { z } from 'zod';
import { ZLine, ZText } from './text';

/**
 * Contact Support (staff-tools.md sections 2, 5, 8 and 9): the message form's rules, texts and
 * the support cards, shared by the form and POST /api/contact/message.
 */

/** Longest value each field takes; the form shows the same limits as maxLength. */
export const CONTACT_LIMITS = {
  name: 100,
  email: 255,
  subject: 150,
  message: 5000,
  /** Messages one signed-in user may send within the window (a 429 after that). */
  perWindow: 5,
  windowMs: 60 * 60 * 1000,
} as const;

export const CONTACT_MESSAGES = {
  heading: 'Contact Support',
  formTitle: 'Send us a message',
  sent: 'Message Sent!',
  sentDetail: 'Thank you for contacting us. Our support team will reply within 1 business day.',
  failed: 'Failed to submit the form. Please try again.',
  network: 'Network error. Please check your connection and try again.',
  tooMany: `You can send ${CONTACT_LIMITS.perWindow} messages an hour. Please wait a while before sending another, or call us.`,
  stored: 'Your message has been sent to our support team.',
} as const;

/** The side cards' facts (staff-tools.md sections 2 and 9). */
export const SUPPORT_CONTACT = {
  phone: '1-800-555-0134',
  phoneHref: 'tel:+18005550134',
  replyTime: 'We reply within 1 business day.',
  hours: 'Monday-Friday 8:00 AM-5:00 PM EST',
} as const;

const required = (label: string, max: number) =>
  ZLine()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * Name and subject are single lines: a line break there could start a new mail header, so
 * it is refused here, before anything is stored or mailed.
 */
export const ZContactMessageInput = z.object({
  name: required('Name', CONTACT_LIMITS.name),
  email: required('Email', CONTACT_LIMITS.email).pipe(
    z.email('Please enter a valid email address'),
  ),
  subject: required('Subject', CONTACT_LIMITS.subject),
  message: ZText()
    .trim()
    .min(1, 'Message is required')
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
});
export type TContactMessageInput = z.infer<typeof ZContactMessageInput>;

export const ZContactMessageResponse = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type TContactMessageResponse = z.infer<typeof ZContactMessageResponse>;
