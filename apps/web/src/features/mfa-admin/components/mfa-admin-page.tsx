import { PageHeading } from '../../../components/ui/page-heading';
import { PolicyPanel } from './policy-panel';
import { UsersPanel } from './users-panel';

/**
 * /admin/security: which roles must use two-step verification (issue 35), who has enrolled,
 * and resetting a user's sign-in methods.
 */
export const MfaAdminPage = () => (
  <>
    <PageHeading title="Sign-in Security" />
    <div className="space-y-6">
      <div className="max-w-2xl">
        <PolicyPanel />
      </div>
      <UsersPanel />
    </div>
  </>
);
