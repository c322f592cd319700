import { describe, expect, it } from 'vitest';
import { planSearch, searchDate, searchPhone } from './search-kind';

describe('search classification', () => {
  it('reads dates of birth in US and ISO forms, real days only', () => {
    expect(searchDate('02/03/1980')).toBe('1980-02-03');
    expect(searchDate('2/3/1980')).toBe('1980-02-03');
    expect(searchDate('1980-02-03')).toBe('1980-02-03');
    expect(searchDate('02/30/1980')).toBeUndefined();
    expect(searchDate('1980-2-3')).toBeUndefined();
    expect(searchDate('13/01/1980')).toBeUndefined();
    expect(searchDate('smith')).toBeUndefined();
  });

  it('reads phones in any usual spelling as their 10 digits', () => {
    for (const text of [
      '(555) 123-4567',
      '555-123-4567',
      '5551234567',
      '555.123.4567',
      '+1 555 123 4567',
      '15551234567',
      '1-555-123-4567',
    ]) {
      expect(searchPhone(text), text).toBe('5551234567');
    }
    expect(searchPhone('555-1234')).toBeUndefined();
    expect(searchPhone('25551234567')).toBeUndefined();
    expect(searchPhone('555-123-4567 x2')).toBeUndefined();
    expect(searchPhone('P1001')).toBeUndefined();
  });

  it('plans each kind of text', () => {
    expect(planSearch('1980-02-03')).toEqual({
      order: null,
      patients: { by: 'dob', dob: '1980-02-03' },
    });
    expect(planSearch('555-123-4567')).toEqual({
      order: null,
      patients: { by: 'phone', digits: '5551234567' },
    });
    // Ten digits may also be a tracking number (DHL's are), tried first.
    expect(planSearch('5551234567')).toEqual({
      order: { soNumber: null, trackingNumber: '5551234567' },
      patients: { by: 'phone', digits: '5551234567' },
    });
    expect(planSearch('SO1002999')).toEqual({
      order: { soNumber: 'so1002999', trackingNumber: 'so1002999' },
      patients: { by: 'name' },
    });
    expect(planSearch('so12')).toEqual({
      order: { soNumber: 'so12', trackingNumber: null },
      patients: { by: 'name' },
    });
    expect(planSearch('1Z999AA10123456784')).toEqual({
      order: { soNumber: null, trackingNumber: '1z999aa10123456784' },
      patients: { by: 'name' },
    });
  });

  it('leaves names and patient IDs to the name search', () => {
    for (const text of ['smi', 'Jane Smith', 'Smith, Jane', 'P1001', 'mc_', '%', '']) {
      expect(planSearch(text), text).toEqual({ order: null, patients: { by: 'name' } });
    }
    expect(planSearch('Smithson')).toEqual({ order: null, patients: { by: 'name' } });
    // Long enough to be a tracking number: looked up first, then searched by name.
    expect(planSearch('PT0001234')).toEqual({
      order: { soNumber: null, trackingNumber: 'pt0001234' },
      patients: { by: 'name' },
    });
  });
});
