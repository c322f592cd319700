import { describe, expect, it } from 'vitest';
import {
  IN_PROGRESS_STATUSES,
  INTAKE_STATUSES,
  PENDING_DOCUMENT_STATUSES,
  SHIPPED_STATUSES,
  statusGroupOf,
} from './order-status';

describe('order status groups', () => {
  it.each([
    ['RCM - Billed', 'shipped'],
    ['SOS - Delivered', 'shipped'],
    ['13 - Price/Item Issue', 'shipped'],
    ['44 - Pending POD', 'shipped'],
    ['45 - Pending POD (Tracking Error)', 'shipped'],
    ['X98 - Process Complete', 'shipped'],
    ['50 - Ready to Confirm/Bill', 'shipped'],
    ['31 - Awaiting CMN (RX)', 'pending_documents'],
    ['33 - Awaiting PAR', 'pending_documents'],
    ['34 - Awaiting SCA/LOA', 'pending_documents'],
    ['07 - New Intake Holds', 'in_progress'],
    ['38A - Ready For Review (Resupply)', 'in_progress'],
    ['X99 - Cancel Order', 'in_progress'],
    ['RCM Billed', undefined],
    ['rcm - billed', undefined],
    ['99 - Unknown', undefined],
    ['', undefined],
    [null, undefined],
  ] as const)('%s is in group %s', (status, group) => {
    expect(statusGroupOf(status)).toBe(group);
  });

  it('keeps the groups disjoint and free of duplicates', () => {
    const all = [...SHIPPED_STATUSES, ...PENDING_DOCUMENT_STATUSES, ...IN_PROGRESS_STATUSES];
    expect(new Set(all).size).toBe(all.length);
  });

  it('lists every numbered in-progress status the spec names', () => {
    const numbers = IN_PROGRESS_STATUSES.map((status) => status.split(' - ')[0]);
    expect(numbers).toEqual([
      '07',
      '08',
      '10',
      '11',
      '15',
      '16',
      '17',
      '18',
      '20',
      '21',
      '22',
      '23',
      '24',
      '30',
      '32',
      '36',
      '37',
      '38',
      '38A',
      '39',
      '39A',
      '40',
      '41',
      '46',
      '52',
      'X97',
      'X99',
    ]);
  });

  it('has intake statuses that are in progress, except the incomplete one', () => {
    expect(INTAKE_STATUSES.map(statusGroupOf)).toEqual([
      'in_progress',
      'in_progress',
      'in_progress',
      undefined,
    ]);
  });
});
