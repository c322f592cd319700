import { CONTACT_MESSAGES, type TContactMessageInput } from '@portal/domain/contact';
import { Alert } from '../../../components/ui/alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { useTimedNotice } from '../../../lib/use-timed-notice';
import { useSendMessage } from '../api/send-message';
import { contactErrorText } from '../lib/error-text';
import { ContactForm } from './contact-form';
import { SupportCards } from './support-cards';

type TProps = {
  /** The signed-in user's name and email, to fill the form with. */
  user: { username: string; email: string };
};

/** /contact: the message form beside the other ways to reach support. */
export const ContactPage = ({ user }: TProps) => {
  const send = useSendMessage();
  // Both banners close after 5 s (staff-tools.md section 4).
  const { notice, show, clear } = useTimedNotice();

  const onSend = async (input: TContactMessageInput) => {
    clear();
    try {
      await send.mutateAsync(input);
      show({ tone: 'success', text: CONTACT_MESSAGES.sent });
      return true;
    } catch (error) {
      show({ tone: 'error', text: contactErrorText(error) });
      return false;
    }
  };

  return (
    <>
      <PageHeading title={CONTACT_MESSAGES.heading} />
      <p className="-mt-4 mb-6 text-slate-600">
        Questions about an order, a delivery or your account? We are here to help.
      </p>
      {notice?.tone === 'success' && (
        <Alert tone="success">
          <p className="font-semibold">{notice.text}</p>
          <p>{CONTACT_MESSAGES.sentDetail}</p>
        </Alert>
      )}
      {notice?.tone === 'error' && <Alert tone="error">{notice.text}</Alert>}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ContactForm
            initial={{ name: user.username, email: user.email }}
            sending={send.isPending}
            onSend={onSend}
          />
        </div>
        <SupportCards />
      </div>
    </>
  );
};
