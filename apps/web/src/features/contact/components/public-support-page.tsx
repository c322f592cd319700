import { useEffect } from 'react';
import { Link } from 'react-router';
import { CONTACT_MESSAGES, SUPPORT_CONTACT } from '@portal/domain/contact';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { BusinessHoursCard, PhoneSupportCard } from './support-cards';

/**
 * /public/support: how to reach support without signing in (core.md: '/public/... no
 * sign-in needed'), for someone locked out or without an account. The same phone and hours
 * as the signed-in Contact Support page; no form (a message needs an account) and no
 * patient data.
 */
export const PublicSupportPage = () => {
  useEffect(() => {
    document.title = `${CONTACT_MESSAGES.heading} · Supplier Portal`;
  }, []);
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <p className="mb-1 text-sm font-semibold tracking-wide text-brand-600 uppercase">
        Supplier Portal
      </p>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">{CONTACT_MESSAGES.heading}</h1>
      <p className="mb-6 text-slate-700">
        Questions about an order, a delivery or your account? Call us during business hours.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <PhoneSupportCard />
        <BusinessHoursCard />
        <Panel className="sm:col-span-2" aria-labelledby="support-message-title">
          <h2 id="support-message-title" className="text-base font-semibold text-slate-900">
            Write to us
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Once signed in, send us a message from Contact Support. {SUPPORT_CONTACT.replyTime}
          </p>
          <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <Button asChild variant="link" className="font-medium">
              <Link to="/login">Sign in</Link>
            </Button>
            <Button asChild variant="link" className="font-medium">
              <Link to="/forgot-password">Forgot password?</Link>
            </Button>
          </p>
        </Panel>
      </div>
    </main>
  );
};
