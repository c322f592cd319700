import { describe, expect, it } from 'vitest';
import { SUB_STATUSES } from './order-progress';
import { INTAKE_STATUSES } from './order-status';
import {
  ORDER_STATUS_LABELS,
  daysSince,
  formatDays,
  orderStatusLabel,
  staffStatusText,
} from './order-status-labels';

const DAY = 86_400_000;

describe('staff status labels', () => {
  it('names every status the groups list, in words that are not the ERP code', () => {
    for (const status of [...SUB_STATUSES.all, ...INTAKE_STATUSES]) {
      const label = orderStatusLabel(status);
      expect(label, status).toBeTruthy();
      expect(label).not.toContain(' - ');
    }
    expect(Object.keys(ORDER_STATUS_LABELS)).toHaveLength(
      new Set([...SUB_STATUSES.all, ...INTAKE_STATUSES]).size,
    );
  });

  it('reads the ERP status trimmed, and the RCM/SOS statuses as shipped', () => {
    expect(orderStatusLabel('  34 - Awaiting SCA/LOA ')).toBe('Waiting for SCA/LOA from the payer');
    expect(orderStatusLabel('RCM - Billed')).toBe('Shipped, in billing');
    expect(orderStatusLabel('SOS - Delivered')).toBe('Shipped, in billing');
    expect(orderStatusLabel('99 - Something New')).toBeUndefined();
    expect(orderStatusLabel('')).toBeUndefined();
    expect(orderStatusLabel(null)).toBeUndefined();
  });

  it('writes the staff text as plain words · ERP words', () => {
    expect(staffStatusText('34 - Awaiting SCA/LOA')).toBe(
      'Waiting for SCA/LOA from the payer · 34 - Awaiting SCA/LOA',
    );
    expect(staffStatusText('99 - Something New')).toBe('99 - Something New');
    expect(staffStatusText(undefined)).toBe('N/A');
  });

  it('counts whole days in a status, never below zero', () => {
    const now = Date.UTC(2026, 10, 25, 12);
    expect(daysSince(now - 3 * DAY - 1, now)).toBe(3);
    expect(daysSince(now - DAY + 1, now)).toBe(0);
    expect(daysSince(now + DAY, now)).toBe(0);
    expect(daysSince(null, now)).toBeNull();
    expect([0, 1, 12].map(formatDays)).toEqual(['today', '1 day', '12 days']);
  });
});
