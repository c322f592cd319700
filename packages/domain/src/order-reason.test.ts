import { describe, expect, it } from 'vitest';
import { ORDER_REASONS, orderReason } from './order-reason';
import {
  INTAKE_STATUSES,
  IN_PROGRESS_STATUSES,
  PENDING_DOCUMENT_STATUSES,
  SHIPPED_STATUSES,
} from './order-status';

describe('orderReason (the patient’s plain words for a status)', () => {
  it('says what a pending-documents order waits for', () => {
    expect(orderReason({ status: '31 - Awaiting CMN (RX)' })).toBe('Waiting for your prescription');
    expect(orderReason({ status: '33 - Awaiting PAR' })).toBe(
      'Waiting for approval from your insurance',
    );
    expect(orderReason({ status: '34 - Awaiting SCA/LOA' })).toBe(
      'Waiting for an agreement with your insurance',
    );
  });

  it('names the doctor a prescription is expected from, when known', () => {
    const order = { status: '31 - Awaiting CMN (RX)', doctor: { last_name: 'House' } };
    expect(orderReason(order)).toBe('Waiting for your prescription from Dr. House');
    expect(orderReason({ ...order, doctor: { last_name: ' ' } })).toBe(
      'Waiting for your prescription',
    );
    // Only the prescription names a doctor.
    expect(orderReason({ status: '33 - Awaiting PAR', doctor: { last_name: 'House' } })).toBe(
      'Waiting for approval from your insurance',
    );
  });

  it('reads the status as the step rules do: trimmed, exact', () => {
    expect(orderReason({ status: ' 40 - Ready To Ship ' })).toBe('Getting ready to ship');
    expect(orderReason({ status: '40 - ready to ship' })).toBeUndefined();
    expect(orderReason({ status: null })).toBeUndefined();
    expect(orderReason({ status: '46 - Internal Work In Progress' })).toBeUndefined();
  });

  it('gives no reason once the order is delivered, except that it was cancelled', () => {
    expect(
      orderReason({ status: '44 - Pending POD', tracking_number: '1Z999AA10123456784' }),
    ).toBeUndefined();
    expect(orderReason({ status: '44 - Pending POD', tracking_number: 'No Tracking' })).toBe(
      'Waiting for confirmation of delivery',
    );
    expect(orderReason({ status: 'X99 - Cancel Order' })).toBe('This order was cancelled');
  });

  it('words only statuses the spec lists, and every pending-documents status', () => {
    const known = new Set<string>([
      ...INTAKE_STATUSES,
      ...IN_PROGRESS_STATUSES,
      ...PENDING_DOCUMENT_STATUSES,
      ...SHIPPED_STATUSES,
    ]);
    for (const status of Object.keys(ORDER_REASONS)) {
      expect(known.has(status), status).toBe(true);
    }
    for (const status of PENDING_DOCUMENT_STATUSES) {
      expect(orderReason({ status }), status).toMatch(/^Waiting for /);
    }
  });
});
