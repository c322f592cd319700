import { Link } from 'react-router';
import { Button } from '../components/ui/button';
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
    <Button asChild variant="primary">
      <Link to={CHANGE_PASSWORD_PATH}>Change Password</Link>
    </Button>
  </>
);
