import { SUPPORT_CONTACT } from '@portal/domain/contact';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_LIMITS,
  type TNotificationKind,
} from '@portal/domain/notifications-api';
import type { TMailMessage } from '../../mail/outbox';

/**
 * A notification mail: an instant one (what one sync brought) or the daily digest. It
 * carries what docs/decisions.md allows ("Notification mails carry no patient health
 * information"): the kind of event, the order number and a link that opens the order
 * after sign-in; never the patient's name, the status text or the products.
 */

export type TMailItem = {
  notificationId: number;
  kind: TNotificationKind;
  soNumber: string | null;
  orderId: string;
  days: number | null;
};

const kindText = (item: TMailItem, patient: boolean) => {
  if (item.kind === 'waiting') {
    return `${NOTIFICATION_KIND_LABELS.waiting} (more than ${item.days} days)`;
  }
  if (item.kind === 'action_needed' && patient) {
    return `Action needed. Please contact us at ${SUPPORT_CONTACT.phone}`;
  }
  return NOTIFICATION_KIND_LABELS[item.kind];
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const notificationMail = (options: {
  to: string;
  appOrigin: string;
  items: readonly TMailItem[];
  /** How many more notifications the mail stands for than it lists. */
  more: number;
  digest: boolean;
  patient: boolean;
  /** Per kind in the mail, the link that stops its emails; and one for all of them. */
  unsubscribe: { kind: TNotificationKind; url: string }[];
  unsubscribeAll: string;
}): TMailMessage => {
  const { appOrigin, items } = options;
  const total = items.length + options.more;
  const first = items[0]!;
  const order = (item: TMailItem) => `Order #${item.soNumber ?? item.orderId}`;
  const subject = options.digest
    ? `Supplier Portal: your daily digest (${total} ${total === 1 ? 'update' : 'updates'})`
    : total === 1
      ? `Supplier Portal: ${order(first)}: ${NOTIFICATION_KIND_LABELS[first.kind]}`
      : `Supplier Portal: ${total} order updates`;
  const link = (item: TMailItem) => `${appOrigin}/notifications?open=${item.notificationId}`;
  const listLink = `${appOrigin}/notifications`;
  const intro = options.digest
    ? 'Your order updates since the last digest:'
    : 'There is news about orders you follow:';
  const rest = options.more > 0 ? [`And ${options.more} more: ${listLink}`] : [];
  const text = [
    intro,
    '',
    ...items.flatMap((item) => [
      `- ${order(item)}: ${kindText(item, options.patient)}`,
      `  ${link(item)}`,
    ]),
    ...rest,
    '',
    'Sign in to the Supplier Portal to see the details.',
    '',
    'Stop these emails:',
    ...options.unsubscribe.map(
      (entry) => `- ${NOTIFICATION_KIND_LABELS[entry.kind]}: ${entry.url}`,
    ),
    `Change what you hear about under My Profile, Notifications: ${appOrigin}/profile`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...items.map(
      (item) =>
        `<li><a href="${escapeHtml(link(item))}">${escapeHtml(order(item))}</a>: ${escapeHtml(kindText(item, options.patient))}</li>`,
    ),
    '</ul>',
    ...(options.more > 0
      ? [`<p><a href="${escapeHtml(listLink)}">And ${options.more} more</a></p>`]
      : []),
    '<p>Sign in to the Supplier Portal to see the details.</p>',
    '<p>Stop these emails: ',
    options.unsubscribe
      .map(
        (entry) =>
          `<a href="${escapeHtml(entry.url)}">${escapeHtml(NOTIFICATION_KIND_LABELS[entry.kind])}</a>`,
      )
      .join(' · '),
    `. Change what you hear about under <a href="${escapeHtml(`${appOrigin}/profile`)}">My Profile</a>.</p>`,
  ].join('\n');
  return {
    to: options.to,
    subject,
    text,
    html,
    kind: 'notification',
    headers: {
      'List-Unsubscribe': `<${options.unsubscribeAll}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
};

export const MAIL_ITEMS = NOTIFICATION_LIMITS.mailItems;
