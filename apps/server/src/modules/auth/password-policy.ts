import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordPolicyProblem } from '@portal/domain/passwords';
import { AppError } from '../../plugins/errors';

let common: Set<string> | undefined;

/** zxcvbn's list of common passwords (about 50,000, lower-case), loaded on first use. */
export const isCommonPassword = (candidate: string): boolean => {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(candidate);
};

/** Throws a 400 with the user-facing reason when a new password breaks the policy. */
export const assertAcceptablePassword = (password: string, email: string) => {
  const problem = passwordPolicyProblem(password, { email, isCommon: isCommonPassword });
  if (problem) {
    throw new AppError('bad_request', problem);
  }
};
