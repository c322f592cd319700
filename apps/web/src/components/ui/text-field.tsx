import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field } from './field';
import { Input } from './input';

type TTextFieldProps = ComponentPropsWithRef<'input'> & {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
};

/** A labelled input whose hint and error are tied to it for assistive technology. */
export const TextField = ({ id, label, hint, error, ...input }: TTextFieldProps) => (
  <Field id={id} label={label} hint={hint} error={error}>
    {(control) => <Input {...control} {...input} />}
  </Field>
);
