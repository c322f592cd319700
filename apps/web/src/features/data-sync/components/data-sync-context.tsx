import { createContext, useContext } from 'react';
import type { TScheduleForm } from '../lib/schedule-form';

/** The console's dialogs; one at a time, opened from any tab. */
export type TDataSyncDialog =
  | { kind: 'details'; jobId: string }
  | { kind: 'samples'; jobId: string }
  | { kind: 'error'; jobId: string }
  | { kind: 'fixer'; groupId: string; jobId?: string }
  | { kind: 'schedule'; form: TScheduleForm };

export type TDataSyncActions = {
  /** run_sync: Start Sync, Schedule, Fix Case, Run Now, Edit, Delete and scheduler control. */
  canRun: boolean;
  /** edit_sync_mappings (admins): saving a group's mappings, as Apply Fixes does. */
  canEdit: boolean;
  openDialog: (dialog: TDataSyncDialog) => void;
  /** Starts a group run and follows it in the jobs panel. */
  startSync: (groupId: string) => void;
  startingGroup: string | undefined;
};

export const DataSyncContext = createContext<TDataSyncActions | undefined>(undefined);

export const useDataSync = () => {
  const actions = useContext(DataSyncContext);
  if (!actions) {
    throw new Error('useDataSync must be used inside the data-sync page');
  }
  return actions;
};
