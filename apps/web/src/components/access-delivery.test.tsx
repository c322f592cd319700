import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_DELIVERY_LABELS,
  DEFAULT_ACCESS_DELIVERY,
  INVITED,
  type TAccessDelivery,
} from '@portal/domain/first-access';
import { AccessDeliveryChoice, TempPasswordCell } from './access-delivery';

const Harness = () => {
  const [value, setValue] = useState<TAccessDelivery>(DEFAULT_ACCESS_DELIVERY);
  return (
    <>
      <AccessDeliveryChoice name="test-delivery" value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
};

describe('how new users get their first password', () => {
  it('asks one question with two options, the invitation chosen first', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'How do new users get their first password?' });
    expect(group).toBeTruthy();
    const invite = screen.getByRole('radio', { name: ACCESS_DELIVERY_LABELS.invitation });
    const show = screen.getByRole('radio', { name: ACCESS_DELIVERY_LABELS.temporary_password });
    expect((invite as HTMLInputElement).checked).toBe(true);
    fireEvent.click(show);
    expect((show as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('temporary_password')).toBeTruthy();
  });

  it('shows invited in place of a password', () => {
    render(
      <>
        <TempPasswordCell row={{ invited: true, temp_password: null }} />
        <TempPasswordCell row={{ invited: false, temp_password: 'Xy7!pass-word' }} />
      </>,
    );
    expect(screen.getByText(INVITED)).toBeTruthy();
    expect(screen.getByText('Xy7!pass-word')).toBeTruthy();
  });
});
