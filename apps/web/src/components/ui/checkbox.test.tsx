import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Checkbox, CheckboxBox } from './checkbox';

const Harness = () => {
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox
      label="Remember me"
      description="Stay signed in on this device."
      checked={checked}
      onCheckedChange={(value) => setChecked(value === true)}
    />
  );
};

describe('Checkbox', () => {
  it('is a checkbox named by its visible label and described by its description', () => {
    render(<Harness />);
    const box = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(box.getAttribute('aria-checked')).toBe('false');
    const described = box.getAttribute('aria-describedby');
    expect(document.getElementById(described!)?.textContent).toBe('Stay signed in on this device.');
  });

  it('toggles when its label is clicked', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByText('Remember me'));
    expect(screen.getByRole('checkbox', { name: 'Remember me' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await user.click(screen.getByText('Remember me'));
    expect(screen.getByRole('checkbox', { name: 'Remember me' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  it('toggles with Space from the keyboard, and not with Enter', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    const box = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(document.activeElement).toBe(box);
    await user.keyboard(' ');
    expect(box.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Enter}');
    expect(box.getAttribute('aria-checked')).toBe('true');
    await user.keyboard(' ');
    expect(box.getAttribute('aria-checked')).toBe('false');
  });

  it('shows a partial selection as mixed', () => {
    render(<CheckboxBox aria-label="Select all patients" checked="indeterminate" />);
    expect(
      screen.getByRole('checkbox', { name: 'Select all patients' }).getAttribute('aria-checked'),
    ).toBe('mixed');
  });
});
