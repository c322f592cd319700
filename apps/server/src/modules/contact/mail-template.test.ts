import { describe, expect, it } from 'vitest';
import { contactMail } from './mail-template';

describe('contact mail', () => {
  it('flattens line breaks and control characters in what becomes a header, even past the schema', () => {
    const mail = contactMail({
      to: 'support@example.com',
      input: {
        name: 'Pat\r\nBcc: a@example.com',
        email: 'pat@example.com',
        subject: 'Hi\r\nBcc: victim@example.com\u0000',
        message: 'line one\nline two',
      },
      user: { id: 7, email: 'pat@example.com', role: 'patient' },
      sentAt: Date.UTC(2025, 0, 5),
    });
    expect(mail.subject).toBe('Contact Support: Hi Bcc: victim@example.com');
    expect(mail.to).toBe('support@example.com');
    expect(mail.html).toBeUndefined();
    expect(mail.text).toContain('From: Pat Bcc: a@example.com <pat@example.com>');
    expect(mail.text).toContain('line one\nline two');
  });
});
