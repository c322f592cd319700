import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { focusRing } from './focus-ring';

type TCheckboxBoxProps = Omit<ComponentPropsWithRef<typeof CheckboxPrimitive.Root>, 'children'>;

/**
 * The box alone (20 px), for a checkbox named some other way: a table row's
 * `aria-label="Select Jane Doe"`, or a label of the caller's own. Checked, unchecked or
 * `'indeterminate'` (a 'select all' over a partial selection). Space toggles it; Enter does
 * not, as the ARIA pattern has it.
 */
export const CheckboxBox = ({ className, ...props }: TCheckboxBoxProps) => (
  <CheckboxPrimitive.Root
    className={cn(
      'group inline-flex size-5 shrink-0 items-center justify-center rounded border border-slate-400 bg-white text-white',
      'data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600',
      'data-[state=indeterminate]:border-brand-600 data-[state=indeterminate]:bg-brand-600',
      'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-600',
      focusRing,
      className,
    )}
    {...props}
  >
    <CheckboxPrimitive.Indicator>
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path
          className="group-data-[state=indeterminate]:hidden"
          d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
        />
        <path className="hidden group-data-[state=indeterminate]:block" d="M4 9h12v2H4z" />
      </svg>
    </CheckboxPrimitive.Indicator>
  </CheckboxPrimitive.Root>
);

type TCheckboxProps = TCheckboxBoxProps & {
  /** The visible label; clicking it toggles the box. */
  label: ReactNode;
  /** A line under the label, read as the checkbox's description. */
  description?: ReactNode;
};

/**
 * A checkbox with its visible label beside it (and an optional description under it).
 *
 * `<Checkbox label="Remember me" checked={remember} onCheckedChange={(v) => setRemember(v === true)} />`
 */
export const Checkbox = ({ id, label, description, className, ...props }: TCheckboxProps) => {
  const madeUp = useId();
  const boxId = id ?? madeUp;
  const descriptionId = description ? `${boxId}-description` : undefined;
  return (
    <div className={cn('flex items-start gap-2', className)}>
      <CheckboxBox id={boxId} aria-describedby={descriptionId} className="mt-0.5" {...props} />
      <div className="text-sm">
        <label htmlFor={boxId} className="cursor-pointer font-medium text-slate-800">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-slate-600">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
};
