import { PROGRESS_STEPS, type TProgressStep } from '@portal/domain/order-progress';

/** The four steps of the tracking timeline (core.md section 4). */
export const TIMELINE_STEPS = PROGRESS_STEPS;

export const stepName = (step: TProgressStep): string => TIMELINE_STEPS[step - 1] ?? '';

/** What a screen reader hears for the step indicator, e.g. 'Step 3 of 4: Shipped'. */
export const stepText = (step: TProgressStep): string =>
  `Step ${step} of ${TIMELINE_STEPS.length}: ${stepName(step)}`;
