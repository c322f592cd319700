import { PROGRESS_STEPS, type TProgressStep } from '@portal/domain/order-progress';
import { stepText } from '../lib/timeline-steps';

type TProps = {
  step: TProgressStep;
  /** The order needs the patient to get in touch: the current step is drawn in amber. */
  attention: boolean;
  /** Names the indicator, e.g. 'Progress of order SO-1001'. */
  label: string;
};

/**
 * A step is done once the order is past it, and the last one (Delivered) as soon as it is
 * reached: nothing follows it.
 */
const isDone = (index: number, step: number) =>
  index < step || (index === step && step === PROGRESS_STEPS.length);

// Done is the status colours' green (delivered, completed), as on the staff badges.
const dotClass = (index: number, step: number, attention: boolean) => {
  if (isDone(index, step)) {
    return 'border-green-700 bg-green-700 text-white';
  }
  if (index === step) {
    return attention
      ? 'border-amber-500 bg-amber-50 text-amber-800 ring-4 ring-amber-100'
      : 'border-brand-600 bg-white text-brand-700 ring-4 ring-brand-50';
  }
  return 'border-slate-300 bg-white text-slate-500';
};

/**
 * The four-step indicator. Screen readers get one progressbar with 'Step n of 4: name'; the
 * drawing inside it is presentational.
 */
export const ProgressSteps = ({ step, attention, label }: TProps) => (
  <div
    role="progressbar"
    aria-label={label}
    aria-valuemin={1}
    aria-valuemax={PROGRESS_STEPS.length}
    aria-valuenow={step}
    aria-valuetext={stepText(step)}
  >
    <ol className="grid grid-cols-4" aria-hidden="true">
      {PROGRESS_STEPS.map((name, position) => {
        const index = position + 1;
        return (
          <li
            key={name}
            data-state={isDone(index, step) ? 'done' : index === step ? 'current' : 'next'}
            className="relative flex flex-col items-center text-center"
          >
            {position > 0 ? (
              <span
                className={`absolute top-3.5 right-1/2 h-0.5 w-full -translate-y-1/2 ${isDone(index, step) ? 'bg-green-700' : index === step ? 'bg-brand-600' : 'bg-slate-200'}`}
              />
            ) : null}
            <span
              className={`relative z-10 flex size-7 items-center justify-center rounded-full border-2 text-xs font-bold ${dotClass(index, step, attention)}`}
            >
              {isDone(index, step) ? '✓' : index}
            </span>
            <span
              className={`mt-1 px-1 text-xs leading-tight ${index === step ? 'font-semibold text-slate-900' : 'text-slate-600'}`}
            >
              {name}
            </span>
          </li>
        );
      })}
    </ol>
  </div>
);
