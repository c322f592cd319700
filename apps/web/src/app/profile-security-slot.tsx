import { SecuritySettings } from '../features/security/components/security-settings';

/** The slot's filling: the security feature's authenticator apps and recovery codes. */
export const profileSecurity = () => <SecuritySettings />;
