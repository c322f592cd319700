import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@portal/domain/contact';
import { ApiError } from '../../../lib/api-client';
import { contactErrorText } from '../lib/error-text';
import { ContactForm } from './contact-form';

const initial = { name: 'Pat Jones', email: 'pat@example.com' };

describe('contact form', () => {
  it('starts with the signed-in user’s name and email and types the email field', () => {
    render(<ContactForm initial={initial} sending={false} onSend={async () => true} />);
    expect(screen.getByRole('form', { name: CONTACT_MESSAGES.formTitle })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Pat Jones');
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    expect(email.value).toBe('pat@example.com');
    expect(email.type).toBe('email');
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      expect(screen.getByLabelText<HTMLInputElement>(label).required).toBe(true);
    }
  });

  it('disables every field and the button while sending', () => {
    render(<ContactForm initial={initial} sending onSend={async () => true} />);
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      expect(screen.getByLabelText<HTMLInputElement>(label).disabled).toBe(true);
    }
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sending...' }).disabled).toBe(
      true,
    );
  });

  it('sends what was typed and clears subject and message after success', async () => {
    const sent: unknown[] = [];
    render(
      <ContactForm
        initial={initial}
        sending={false}
        onSend={async (input) => {
          sent.push(input);
          return true;
        }}
      />,
    );
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Delivery' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Where is it?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Subject').value).toBe(''));
    expect(sent).toEqual([{ ...initial, subject: 'Delivery', message: 'Where is it?' }]);
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Pat Jones');
  });
});

describe('contact error text', () => {
  it('names a network failure, passes the server’s text, and falls back to the spec’s', () => {
    expect(contactErrorText(new ApiError(0, 'Service unavailable'))).toBe(CONTACT_MESSAGES.network);
    expect(
      contactErrorText(new ApiError(429, 'x', { error: CONTACT_MESSAGES.tooMany, code: 'x' })),
    ).toBe(CONTACT_MESSAGES.tooMany);
    expect(contactErrorText(new ApiError(500, 'Server error'))).toBe(CONTACT_MESSAGES.failed);
    expect(contactErrorText(new Error('boom'))).toBe(CONTACT_MESSAGES.failed);
  });
});
