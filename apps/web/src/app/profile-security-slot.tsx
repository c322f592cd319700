import { DeviceSessions } from '../features/security/components/device-sessions';
import { SecuritySettings } from '../features/security/components/security-settings';

/**
 * The slot's filling: the security feature's sign-in methods and recovery codes, then the
 * devices the account is signed in on.
 */
export const profileSecurity = () => (
  <div className="space-y-6">
    <SecuritySettings />
    <DeviceSessions />
  </div>
);
