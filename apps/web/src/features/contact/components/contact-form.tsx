import { useState, type ChangeEvent, type SubmitEvent } from 'react';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type TContactMessageInput,
} from '@portal/domain/contact';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import { Textarea } from '../../../components/ui/textarea';

type TProps = {
  initial: Pick<TContactMessageInput, 'name' | 'email'>;
  sending: boolean;
  /** Resolves true when the message was sent, so the form can clear what was written. */
  onSend: (input: TContactMessageInput) => Promise<boolean>;
};

/**
 * 'Send us a message': name, email, subject and message, all required, all disabled while
 * sending (staff-tools.md section 5). The browser checks required and email format; the
 * shared schema checks the rest before anything is sent.
 */
export const ContactForm = ({ initial, sending, onSend }: TProps) => {
  const [values, setValues] = useState<TContactMessageInput>({
    ...initial,
    subject: '',
    message: '',
  });
  const edit =
    (field: keyof TContactMessageInput) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((previous) => ({ ...previous, [field]: event.target.value }));

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) {
      return;
    }
    if (await onSend(values)) {
      setValues((previous) => ({ ...previous, subject: '', message: '' }));
    }
  };

  return (
    <Panel asChild className="space-y-4">
      <form aria-labelledby="contact-form-title" onSubmit={(event) => void submit(event)}>
        <h2 id="contact-form-title" className="text-lg font-semibold text-slate-900">
          {CONTACT_MESSAGES.formTitle}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="contact-name"
            label="Name"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name}
            disabled={sending}
            value={values.name}
            onChange={edit('name')}
          />
          <TextField
            id="contact-email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.email}
            disabled={sending}
            value={values.email}
            onChange={edit('email')}
          />
        </div>
        <TextField
          id="contact-subject"
          label="Subject"
          required
          maxLength={CONTACT_LIMITS.subject}
          disabled={sending}
          value={values.subject}
          onChange={edit('subject')}
        />
        <div>
          <Field id="contact-message" label="Message">
            {(control) => (
              <Textarea
                {...control}
                required
                rows={6}
                maxLength={CONTACT_LIMITS.message}
                disabled={sending}
                value={values.message}
                onChange={edit('message')}
                aria-describedby="contact-message-hint"
              />
            )}
          </Field>
          <p id="contact-message-hint" className="mt-1 text-xs text-slate-600">
            {values.message.length} / {CONTACT_LIMITS.message} characters. Please do not include
            passwords.
          </p>
        </div>
        <Button type="submit" variant="primary" disabled={sending} className="w-full sm:w-auto">
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
    </Panel>
  );
};
