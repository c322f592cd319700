import { useCheckAuth } from '../features/auth/api/check-auth';
import { DataSyncPage } from '../features/data-sync/components/data-sync-page';

/** /data-sync with the session's permissions handed in (features do not read each other). */
export const DataSyncRoute = () => {
  const user = useCheckAuth().data?.user;
  return user ? <DataSyncPage permissions={user.permissions} /> : null;
};
