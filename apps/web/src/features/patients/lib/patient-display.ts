import type { TAddress, TOrderDoctor } from '@portal/domain/patients-api';

type TNamed = { first_name: string | null; last_name: string | null };

/** 'First Last', or the fallback when the patient has no name on file. */
export const fullName = (person: TNamed, fallback = 'Unknown'): string => {
  const name = [person.first_name, person.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || fallback;
};

/** 'Dr. First Last' for the patient's doctor, or undefined without a name. */
export const doctorTitle = (doctor: TNamed | null | undefined): string | undefined => {
  if (!doctor) {
    return undefined;
  }
  const name = fullName(doctor, '');
  return name ? `Dr. ${name}` : undefined;
};

/** An order's doctor by full name, else first and last. */
export const orderDoctorName = (doctor: TOrderDoctor | null | undefined): string => {
  if (!doctor) {
    return '';
  }
  return doctor.full_name?.trim() || fullName(doctor, '');
};

const joined = (parts: readonly (string | null | undefined)[], separator: string) =>
  parts
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(separator);

/** 'Suite 200' from '200'; a value that already names its unit ('Suite 847', 'Apt 4') stays. */
const suiteText = (suite: string | null) => {
  const text = suite?.trim() ?? '';
  if (!text) {
    return '';
  }
  return /^(suite|ste\b|apt|unit|#)/i.test(text) ? text : `Suite ${text}`;
};

/** Address lines: street with suite, then 'City, ST 12345'; undefined when nothing is on file. */
export const addressLines = (
  address: Pick<TAddress, 'street' | 'suite' | 'city' | 'state' | 'zip'> | null | undefined,
): string[] | undefined => {
  if (!address) {
    return undefined;
  }
  const street = joined([address.street, suiteText(address.suite)], ', ');
  const place = joined([joined([address.city, address.state], ', '), address.zip], ' ');
  const lines = [street, place].filter(Boolean);
  return lines.length > 0 ? lines : undefined;
};

/** The doctor's address from an order's flat DOCTOR* fields. */
export const orderDoctorAddress = (doctor: TOrderDoctor | null | undefined) =>
  doctor
    ? addressLines({
        street: doctor.DOCTORSTREET,
        suite: doctor.DOCTORSUITE,
        city: doctor.DOCTORCITY,
        state: doctor.DOCTORSTATE,
        zip: doctor.DOCTORZIP,
      })
    : undefined;
