import { describe, expect, it } from 'vitest';
import {
  addressLines,
  doctorTitle,
  fullName,
  orderDoctorAddress,
  orderDoctorName,
} from './patient-display';

const doctor = {
  full_name: null,
  first_name: 'Gregory',
  last_name: 'House',
  NPI: '1234567890',
  phone: '6095550100',
  DOCTORSTREET: '1 Plainsboro Rd',
  DOCTORSUITE: '200',
  DOCTORCITY: 'Princeton',
  DOCTORSTATE: 'NJ',
  DOCTORZIP: '08540',
};

describe('patient display helpers', () => {
  it('joins first and last name, with a fallback for neither', () => {
    expect(fullName({ first_name: ' Jane ', last_name: 'Doe' })).toBe('Jane Doe');
    expect(fullName({ first_name: null, last_name: 'Doe' })).toBe('Doe');
    expect(fullName({ first_name: null, last_name: ' ' }, 'Patient Details')).toBe(
      'Patient Details',
    );
  });

  it("titles the patient's doctor 'Dr. first last' only when there is a name", () => {
    expect(doctorTitle({ first_name: 'Ann', last_name: 'Lee' })).toBe('Dr. Ann Lee');
    expect(doctorTitle({ first_name: null, last_name: null })).toBeUndefined();
    expect(doctorTitle(null)).toBeUndefined();
  });

  it("prefers the order doctor's full name", () => {
    expect(orderDoctorName({ ...doctor, full_name: 'Dr. G. House' })).toBe('Dr. G. House');
    expect(orderDoctorName(doctor)).toBe('Gregory House');
    expect(orderDoctorName(null)).toBe('');
  });

  it('writes an address as street with Suite, then city, state and zip', () => {
    expect(orderDoctorAddress(doctor)).toEqual([
      '1 Plainsboro Rd, Suite 200',
      'Princeton, NJ 08540',
    ]);
    expect(
      addressLines({ street: '5 Elm St', suite: null, city: 'Austin', state: 'TX', zip: null }),
    ).toEqual(['5 Elm St', 'Austin, TX']);
    expect(orderDoctorAddress({ ...doctor, DOCTORSUITE: 'Suite 847' })?.[0]).toBe(
      '1 Plainsboro Rd, Suite 847',
    );
    expect(
      addressLines({ street: null, suite: null, city: ' ', state: null, zip: null }),
    ).toBeUndefined();
    expect(addressLines(null)).toBeUndefined();
  });
});
