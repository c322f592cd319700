import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Field, Label } from './field';
import { Input } from './input';
import { Select } from './select';
import { TextField } from './text-field';

describe('TextField (the existing API, now on Field and Input)', () => {
  it('names the input by its label and ties the error to it', () => {
    render(<TextField id="email" label="Email" type="email" error="Enter an email address" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('email-error');
    expect(document.getElementById('email-error')?.textContent).toBe('Enter an email address');
    expect(input.className).toContain('h-10');
  });

  it('is valid and undescribed without an error', () => {
    render(<TextField id="name" label="Name" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('Field', () => {
  it('describes the control by its hint and its error, in that order', () => {
    render(
      <Field label="Phone" hint="Any format" error="Too short">
        {(control) => <Input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' });
    const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Any format',
      'Too short',
    ]);
  });
});

describe('Select', () => {
  it('is a native select, as high as an input, that changes like one', () => {
    const onChange = vi.fn<(value: string) => void>();
    render(
      <Field id="type" label="Type">
        {(control) => (
          <Select
            {...control}
            defaultValue="all"
            onChange={(event) => onChange(event.target.value)}
          >
            <option value="all">All types</option>
            <option value="prescription">Prescription</option>
          </Select>
        )}
      </Field>,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Type' });
    expect(select.tagName).toBe('SELECT');
    expect(select.className).toContain('h-10');
    fireEvent.change(select, { target: { value: 'prescription' } });
    expect(onChange).toHaveBeenCalledWith('prescription');
  });
});

describe('Label', () => {
  it("names a fieldset as a legend with the labels' look", () => {
    render(
      <fieldset>
        <Label asChild>
          <legend>Days of the week</legend>
        </Label>
      </fieldset>,
    );
    const legend = screen.getByRole('group', { name: 'Days of the week' }).querySelector('legend');
    expect(legend?.className).toContain('font-medium');
  });
});
