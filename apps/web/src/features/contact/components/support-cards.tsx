import { SUPPORT_CONTACT } from '@portal/domain/contact';

const cardClass = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm';
const titleClass = 'text-base font-semibold text-slate-900';

/** The toll-free number (staff-tools.md section 2); the public support page shows it too. */
export const PhoneSupportCard = () => (
  <section className={cardClass} aria-labelledby="support-phone-title">
    <h2 id="support-phone-title" className={titleClass}>
      Phone Support
    </h2>
    <p className="mt-1 text-sm text-slate-600">Call us toll-free:</p>
    <a
      href={SUPPORT_CONTACT.phoneHref}
      className="mt-2 inline-block text-lg font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:rounded focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      {SUPPORT_CONTACT.phone}
    </a>
  </section>
);

/** Business hours (staff-tools.md section 9); the public support page shows it too. */
export const BusinessHoursCard = () => (
  <section className={cardClass} aria-labelledby="support-hours-title">
    <h2 id="support-hours-title" className={titleClass}>
      Business Hours
    </h2>
    <p className="mt-1 text-sm text-slate-800">{SUPPORT_CONTACT.hours}</p>
    <p className="mt-1 text-sm text-slate-600">Closed on weekends and holidays.</p>
  </section>
);

/** The three side cards: email, phone and hours (staff-tools.md sections 2 and 9). */
export const SupportCards = () => (
  <aside aria-label="Other ways to reach support" className="space-y-4">
    <section className={cardClass} aria-labelledby="support-email-title">
      <h2 id="support-email-title" className={titleClass}>
        Email Support
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Send us a message with this form and our team answers by email.
      </p>
      <p className="mt-2 text-sm font-medium text-slate-800">{SUPPORT_CONTACT.replyTime}</p>
    </section>
    <PhoneSupportCard />
    <BusinessHoursCard />
  </aside>
);
