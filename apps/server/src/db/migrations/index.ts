import type { Migration } from 'kysely';
import * as m0001 from './0001-users-sessions';
import * as m0002 from './0002-auth';
import * as m0003 from './0003-erp-tables';
import * as m0004 from './0004-sync';
import * as m0005 from './0005-patients';
import * as m0006 from './0006-patient-id-index';
import * as m0007 from './0007-audit-trail';
import * as m0008 from './0008-contact-messages';
import * as m0009 from './0009-data-sync-scheduler';
import * as m0010 from './0010-documents';
import * as m0011 from './0011-user-details-patient-login';
import * as m0012 from './0012-admin-documentation';
import * as m0013 from './0013-analytics-summaries';
import * as m0014 from './0014-patient-order-counts';
import * as m0015 from './0015-sync-job-cancel';
import * as m0016 from './0016-email-changes';
import * as m0017 from './0017-order-worklist';
import * as m0018 from './0018-search-keys';
import * as m0019 from './0019-sync-schedule-version-alerts';
import * as m0020 from './0020-sync-job-retry-wait';
import * as m0021 from './0021-sync-jobs-group-index';
import * as m0022 from './0022-portal-secrets';
import * as m0023 from './0023-sync-watermarks';
import * as m0024 from './0024-sync-job-increments';
import * as m0025 from './0025-patient-phones-patient-index';
import * as m0026 from './0026-status-history-order-index-columns';
import * as m0027 from './0027-worklist-patient-index-columns';
import * as m0028 from './0028-notifications';
import * as m0029 from './0029-mfa';
import * as m0030 from './0030-passkeys';
import * as m0031 from './0031-mfa-policy';
import * as m0033 from './0033-first-access';
import * as m0034 from './0034-sync-worklist-pending';
import * as m0035 from './0035-notification-baseline';

/**
 * Every migration, in order. Listed here rather than read from the folder so
 * the bundled server carries them; names never change once released.
 */
export const migrations: Record<string, Migration> = {
  '0001-users-sessions': m0001,
  '0002-auth': m0002,
  '0003-erp-tables': m0003,
  '0004-sync': m0004,
  '0005-patients': m0005,
  '0006-patient-id-index': m0006,
  '0007-audit-trail': m0007,
  '0008-contact-messages': m0008,
  '0009-data-sync-scheduler': m0009,
  '0010-documents': m0010,
  '0011-user-details-patient-login': m0011,
  '0012-admin-documentation': m0012,
  '0013-analytics-summaries': m0013,
  '0014-patient-order-counts': m0014,
  '0015-sync-job-cancel': m0015,
  '0016-email-changes': m0016,
  '0017-order-worklist': m0017,
  '0018-search-keys': m0018,
  '0019-sync-schedule-version-alerts': m0019,
  '0020-sync-job-retry-wait': m0020,
  '0021-sync-jobs-group-index': m0021,
  '0022-portal-secrets': m0022,
  '0023-sync-watermarks': m0023,
  '0024-sync-job-increments': m0024,
  '0025-patient-phones-patient-index': m0025,
  '0026-status-history-order-index-columns': m0026,
  '0027-worklist-patient-index-columns': m0027,
  '0028-notifications': m0028,
  '0029-mfa': m0029,
  '0030-passkeys': m0030,
  '0031-mfa-policy': m0031,
  '0033-first-access': m0033,
  '0034-sync-worklist-pending': m0034,
  '0035-notification-baseline': m0035,
};
