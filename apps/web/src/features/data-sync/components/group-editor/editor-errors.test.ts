import { describe, expect, it } from 'vitest';
import { MAPPING_MESSAGES } from '@portal/domain/sync-mapping';
import { ApiError } from '../../../../lib/api-client';
import { hasErrors, localErrors, serverErrors } from './editor-errors';
import { emptyMapping, type TGroupForm } from './form-model';

const form = (patch: Partial<TGroupForm> = {}): TGroupForm => ({
  id: 'nightly',
  name: 'Nightly',
  description: '',
  mappings: [
    { ...emptyMapping(), key: 'm1', mysqlTable: 'payors', baseTable: 'PAYORS' },
    { ...emptyMapping(), key: 'm2', mysqlTable: 'payors', baseTable: '' },
  ],
  ...patch,
});

describe('the editor errors', () => {
  it("checks the group and each mapping with the spec's messages", () => {
    const errors = localErrors(form({ name: ' ', id: '1st' }));
    expect(errors.name).toBe('Group name is required');
    expect(errors.id).toBe('Group id must be a plain identifier');
    expect(errors.mappings).toEqual({
      m2: `Mapping 2 (payors): ${MAPPING_MESSAGES.baseTableRequired}`,
    });
    const fine = form();
    fine.mappings.pop();
    expect(hasErrors(localErrors(fine))).toBe(false);
  });

  it('puts a taken id at the Id field, only when creating', () => {
    const taken = new ApiError(409, 'A sync group with id "nightly" already exists');
    expect(serverErrors(taken, form(), { create: true }).id).toBe(taken.message);
    expect(serverErrors(taken, form(), { create: false }).general).toContain(taken.message);
  });

  it("puts a mapping's refusal at that mapping", () => {
    const refused = new ApiError(400, 'Mapping 2 (payors): Query is required');
    expect(serverErrors(refused, form(), { create: false }).mappings).toEqual({
      m2: refused.message,
    });
    expect(
      serverErrors(new ApiError(400, 'Default groups cannot be renamed'), form(), { create: false })
        .name,
    ).toBe('Default groups cannot be renamed');
  });
});
