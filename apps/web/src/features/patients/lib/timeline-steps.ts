import { PROGRESS_STEPS, type TProgressStep } from '@portal/domain/order-progress';

/** What a screen reader hears for the step indicator, e.g. 'Step 3 of 4: Shipped'. */
export const stepText = (step: TProgressStep): string =>
  `Step ${step} of ${PROGRESS_STEPS.length}: ${PROGRESS_STEPS[step - 1] ?? ''}`;
