import type { TLoadStep } from './types';

/**
 * The statements an incremental run adds to a load's transaction (issue 33), run the
 * same way by every loader: each loader says how to run one statement, this checks it.
 */
export type TStepOutcome = { changes: number; scalar: unknown };

/** Hands a read step its value; throws the step's own error when its outcome is not what it must come to. */
export const checkStep = (step: TLoadStep, outcome: TStepOutcome) => {
  step.read?.(Number(outcome.scalar ?? NaN));
  if (!step.check) {
    return;
  }
  const actual = step.check.of === 'changes' ? outcome.changes : Number(outcome.scalar ?? NaN);
  if (actual !== step.check.equals) {
    throw step.check.error(actual);
  }
};

/** Runs steps one after another through an asynchronous client (MySQL, PostgreSQL). */
export const runSteps = async (
  steps: readonly TLoadStep[],
  run: (step: TLoadStep) => Promise<TStepOutcome>,
) => {
  for (const step of steps) {
    checkStep(step, await run(step));
  }
};

/** PostgreSQL numbers its placeholders: '?' becomes $1, $2... (steps hold no '?' literal). */
export const numberedPlaceholders = (sql: string) => {
  let index = 0;
  return sql.replace(/\?/g, () => `$${(index += 1)}`);
};
