import { SUPPORT_CONTACT } from '@portal/domain/contact';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';

const titleClass = 'text-base font-semibold text-slate-900';

/** The toll-free number (staff-tools.md section 2); the public support page shows it too. */
export const PhoneSupportCard = () => (
  <Panel aria-labelledby="support-phone-title">
    <h2 id="support-phone-title" className={titleClass}>
      Phone Support
    </h2>
    <p className="mt-1 text-sm text-slate-600">Call us toll-free:</p>
    <Button asChild variant="link" className="mt-2 inline-block text-lg font-semibold">
      <a href={SUPPORT_CONTACT.phoneHref}>{SUPPORT_CONTACT.phone}</a>
    </Button>
  </Panel>
);

/** Business hours (staff-tools.md section 9); the public support page shows it too. */
export const BusinessHoursCard = () => (
  <Panel aria-labelledby="support-hours-title">
    <h2 id="support-hours-title" className={titleClass}>
      Business Hours
    </h2>
    <p className="mt-1 text-sm text-slate-800">{SUPPORT_CONTACT.hours}</p>
    <p className="mt-1 text-sm text-slate-600">Closed on weekends and holidays.</p>
  </Panel>
);

/** The three side cards: email, phone and hours (staff-tools.md sections 2 and 9). */
export const SupportCards = () => (
  <aside aria-label="Other ways to reach support" className="space-y-4">
    <Panel aria-labelledby="support-email-title">
      <h2 id="support-email-title" className={titleClass}>
        Email Support
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Send us a message with this form and our team answers by email.
      </p>
      <p className="mt-2 text-sm font-medium text-slate-800">{SUPPORT_CONTACT.replyTime}</p>
    </Panel>
    <PhoneSupportCard />
    <BusinessHoursCard />
  </aside>
);
