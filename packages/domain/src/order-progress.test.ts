import { describe, expect, it } from 'vitest';
import {
  ACTION_REQUIRED_LABEL,
  DEFAULT_ORDER_VIEW,
  displayStatus,
  isAllowedSubStatus,
  isPastOrder,
  matchesSubStatus,
  matchesView,
  orderProgress,
} from './order-progress';
import {
  CONTACT_INTAKE_PHRASES,
  IN_PROGRESS_STATUSES,
  PENDING_DOCUMENT_STATUSES,
  SHIPPED_STATUSES,
} from './order-status';

const INTAKE = [
  '07 - New Intake Holds',
  '10 - New Parachute Intakes',
  '11 - Intake Complete',
  '10 - Intake Incomplete',
];

describe('orderProgress (step and label)', () => {
  it('a real tracking number means Delivered, step 4, whatever the status', () => {
    expect(orderProgress({ status: '07 - New Intake Holds', tracking_number: '1Z99' })).toEqual({
      step: 4,
      label: 'Delivered',
    });
  });

  it.each([...SHIPPED_STATUSES, 'RCM - Billing', 'SOS - Sold'])(
    'without tracking, %s is Shipped, step 3',
    (status) => {
      for (const tracking_number of ['', 'No Tracking', null]) {
        expect(orderProgress({ status, tracking_number })).toEqual({ step: 3, label: 'Shipped' });
      }
    },
  );

  it.each(INTAKE)('%s is Order Created, step 1', (status) => {
    expect(orderProgress({ status })).toEqual({ step: 1, label: 'Order Created' });
  });

  it.each([
    ...IN_PROGRESS_STATUSES.filter((status) => !INTAKE.includes(status)),
    ...PENDING_DOCUMENT_STATUSES,
    'ZZ - Unknown',
    '',
  ])('%s is In Progress, step 2', (status) => {
    expect(orderProgress({ status })).toEqual({ step: 2, label: 'In Progress' });
  });

  it.each(CONTACT_INTAKE_PHRASES)(
    'intake status containing "%s" asks the patient to call',
    (phrase) => {
      expect(
        orderProgress({ status: '40 - Ready To Ship', intake_status: `Hold: ${phrase} (2x)` }),
      ).toEqual({
        step: 2,
        label: ACTION_REQUIRED_LABEL,
      });
      expect(orderProgress({ status: '11 - Intake Complete', intake_status: phrase }).step).toBe(1);
    },
  );
});

describe('displayStatus (priority order)', () => {
  it.each([
    [{ status: '31 - Awaiting CMN (RX)', delivery_date: '2025-01-02' }, 'Delivered'],
    [{ status: '', delivery_status: 'Delivered' }, 'Delivered'],
    [{ status: '31 - Awaiting CMN (RX)', delivery_status: 'Shipped' }, 'Shipped'],
    [{ status: 'RCM - Billing' }, 'Shipped'],
    [{ status: 'SOS - Sold' }, 'Shipped'],
    [{ status: '44 - Pending POD' }, 'Shipped'],
    [{ status: '43 - Ship Other' }, 'Shipped'],
    [{ status: '45 - Pending POD (Tracking Error)' }, 'Shipped'],
    [{ status: '31 - Awaiting CMN (RX)' }, 'Action Required'],
    [{ status: '33 - Awaiting PAR' }, 'Action Required'],
    [{ status: '34 - Awaiting SCA/LOA' }, 'Action Required'],
    [{ status: '34 - Awaiting SCA/LOA (old)' }, 'In Progress'],
    [{ status: '40 - Ready To Ship' }, 'In Progress'],
    [{ status: '13 - Price/Item Issue' }, 'In Progress'],
    [{ status: '' }, 'N/A'],
    [{ status: null }, 'N/A'],
  ] as const)('%o → %s', (order, expected) => {
    expect(displayStatus(order)).toBe(expected);
  });
});

describe('view filters', () => {
  it('defaults to Action Items', () => {
    expect(DEFAULT_ORDER_VIEW).toBe('action_items');
  });

  it.each([
    [{ status: '13 - Price/Item Issue' }, ['all', 'shipped']],
    [{ status: 'RCM - Billing' }, ['all', 'shipped']],
    [{ status: '31 - Awaiting CMN (RX)' }, ['all', 'action_items']],
    [{ status: '40 - Ready To Ship' }, ['all', 'in_progress']],
    [
      { status: '40 - Ready To Ship', delivery_date: '2025-02-01' },
      ['all', 'in_progress', 'shipped'],
    ],
    [
      { status: '40 - Ready To Ship', delivery_status: 'Shipped' },
      ['all', 'in_progress', 'shipped'],
    ],
    [{ status: 'ZZ - Unknown' }, ['all']],
  ] as const)('%o shows in %j', (order, views) => {
    const shown = (['all', 'in_progress', 'action_items', 'shipped'] as const).filter((view) =>
      matchesView(order, view),
    );
    expect(shown).toEqual(views);
  });

  it('allows only sub-statuses from the current view', () => {
    expect(isAllowedSubStatus('action_items', '33 - Awaiting PAR')).toBe(true);
    expect(isAllowedSubStatus('action_items', '40 - Ready To Ship')).toBe(false);
    expect(isAllowedSubStatus('shipped', '44 - Pending POD')).toBe(true);
    expect(isAllowedSubStatus('all', '40 - Ready To Ship')).toBe(true);
  });

  it('a Pending POD or Pending Tracking sub-status matches any pending-POD status', () => {
    for (const status of ['44 - Pending POD', '45 - Pending POD (Tracking Error)']) {
      expect(matchesSubStatus({ status }, '44 - Pending POD')).toBe(true);
      expect(matchesSubStatus({ status }, 'Pending Tracking')).toBe(true);
    }
    expect(matchesSubStatus({ status: '43 - Ship Other' }, '44 - Pending POD')).toBe(false);
    expect(matchesSubStatus({ status: '43 - Ship Other' }, '43 - Ship Other')).toBe(true);
    expect(matchesSubStatus({ status: '33 - Awaiting PAR' }, '31 - Awaiting CMN (RX)')).toBe(false);
  });
});

describe('isPastOrder (active and past orders on the patient’s screen)', () => {
  it('counts delivered orders by either rule, and closed ones, as past', () => {
    expect(isPastOrder({ status: '40 - Ready To Ship', tracking_number: '1Z99' })).toBe(true);
    expect(isPastOrder({ status: 'RCM - Billing', delivery_date: '2025-01-08' })).toBe(true);
    expect(isPastOrder({ status: 'RCM - Billing', delivery_status: ' delivered ' })).toBe(true);
    expect(isPastOrder({ status: 'X98 - Process Complete' })).toBe(true);
    expect(isPastOrder({ status: ' X99 - Cancel Order ' })).toBe(true);
  });

  it('keeps everything still under way active, shipped without tracking included', () => {
    for (const status of [
      '31 - Awaiting CMN (RX)',
      '40 - Ready To Ship',
      '07 - New Intake Holds',
    ]) {
      expect(isPastOrder({ status }), status).toBe(false);
    }
    expect(isPastOrder({ status: 'RCM - Billing', tracking_number: 'No Tracking' })).toBe(false);
    expect(isPastOrder({ status: '44 - Pending POD', delivery_status: 'Shipped' })).toBe(false);
    expect(isPastOrder({ status: 'x99 - cancel order' })).toBe(false);
    expect(isPastOrder({})).toBe(false);
  });
});
