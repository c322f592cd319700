import { useCheckAuth } from '../features/auth/api/check-auth';
import { ContactPage } from '../features/contact/components/contact-page';

/** /contact with the signed-in user's name and email to fill the form with. */
export const ContactRoute = () => {
  const user = useCheckAuth().data?.user;
  return user ? <ContactPage user={user} /> : null;
};
