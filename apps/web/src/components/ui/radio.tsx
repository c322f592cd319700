import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { focusRing } from './focus-ring';

type TRadioProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  /** The visible label; clicking it chooses the option. */
  label: ReactNode;
  /** A line under the label, read as the option's description. */
  description?: ReactNode;
};

/**
 * One option of a radio group (20 px, the checkbox's size), its label beside it. Native, so
 * the arrow keys move through the group as browsers and screen readers expect; put the
 * options in a `fieldset` whose `legend` names the question, and give them one `name`.
 */
export const Radio = ({ id, label, description, className, ...props }: TRadioProps) => {
  const madeUp = useId();
  const inputId = id ?? madeUp;
  const descriptionId = description ? `${inputId}-description` : undefined;
  return (
    <div className={cn('flex items-start gap-2', className)}>
      <input
        type="radio"
        id={inputId}
        aria-describedby={descriptionId}
        className={cn(
          'mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-600',
          'disabled:cursor-not-allowed disabled:opacity-60',
          focusRing,
        )}
        {...props}
      />
      <div className="text-sm">
        <label
          htmlFor={inputId}
          className={cn(
            'font-medium text-slate-800',
            props.disabled ? 'cursor-not-allowed text-slate-500' : 'cursor-pointer',
          )}
        >
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
