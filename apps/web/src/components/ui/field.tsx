import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Slot } from './slot';

type TLabelProps = ComponentPropsWithRef<'label'> & {
  /** Styles the one child instead: a fieldset's `legend`, the name of a group. */
  asChild?: boolean;
};

/** A form label: 14 px, medium, above its control. */
export const Label = ({ asChild = false, className, ...props }: TLabelProps) => {
  const Element = asChild ? Slot : 'label';
  return (
    <Element
      className={cn('mb-1 block text-sm font-medium text-slate-700', className)}
      {...props}
    />
  );
};

/** What a `Field` hands its control: the id the label names, and its error and hint wiring. */
export type TFieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** The ids of a field's hint and error, as `Field` writes them (`{id}-hint`, `{id}-error`). */
export const fieldMessageIds = (id: string) => ({ hint: `${id}-hint`, error: `${id}-error` });

type TFieldProps = {
  /** The control's id; one is made up when absent. */
  id?: string;
  label: ReactNode;
  /** A line between the label and the control saying what to enter (GOV.UK's hint). */
  hint?: ReactNode;
  /** What is wrong, under the control; it marks the control invalid. */
  error?: string | undefined;
  className?: string;
  /** Draws the control, spreading the props it is given onto it. */
  children: (control: TFieldControlProps) => ReactNode;
};

/**
 * A label, an optional hint, a control and its error, tied together for assistive
 * technology: the label names the control, and the control is described by the hint and
 * the error (`aria-describedby`) and marked `aria-invalid` while there is an error.
 *
 * `<Field label="Email" error={errors.email}>{(control) => <Input {...control} />}</Field>`
 */
export const Field = ({ id, label, hint, error, className, children }: TFieldProps) => {
  const madeUp = useId();
  const controlId = id ?? madeUp;
  const ids = fieldMessageIds(controlId);
  const describedBy = [hint ? ids.hint : undefined, error ? ids.error : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <Label htmlFor={controlId}>{label}</Label>
      {hint ? (
        <p id={ids.hint} className="mb-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error ? (
        <p id={ids.error} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
};
