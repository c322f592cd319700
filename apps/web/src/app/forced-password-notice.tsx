import { Link } from 'react-router';
import { PageHeading } from '../components/ui/page-heading';
import { CHANGE_PASSWORD_PATH } from './password-reset-redirect';

export const FORCED_PASSWORD_TEXTS = {
  title: 'Set Your Password First',
  body: 'You need to set a new password before you can use the portal.',
} as const;

/**
 * Drawn in place of any screen a user who must change their password opens once redirects
 * have stopped (a redirect loop was detected): the way on is a link they follow themselves.
 */
export const ForcedPasswordNotice = () => (
  <>
    <PageHeading title={FORCED_PASSWORD_TEXTS.title} />
    <p className="mb-4 text-slate-700">{FORCED_PASSWORD_TEXTS.body}</p>
    <Link
      to={CHANGE_PASSWORD_PATH}
      className="inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
    >
      Change Password
    </Link>
  </>
);
