import { useState, type ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Field } from './field';
import { Input } from './input';

type TPasswordFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  id: string;
  label: string;
  error?: string | undefined;
};

/** A password input with a show/hide toggle and an attached error message. */
export const PasswordField = ({ id, label, error, className, ...input }: TPasswordFieldProps) => {
  const [visible, setVisible] = useState(false);
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <div className="relative">
          <Input
            {...control}
            type={visible ? 'text' : 'password'}
            className={cn('pr-16', className)}
            {...input}
          />
          <Button
            variant="link"
            onClick={() => setVisible((shown) => !shown)}
            aria-pressed={visible}
            aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
            className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-sm"
          >
            {visible ? 'Hide' : 'Show'}
          </Button>
        </div>
      )}
    </Field>
  );
};
