import type { Generated } from 'kysely';

/** Multi-factor sign-in (migration 0029, modules/mfa). */
export type UserFactorsTable = {
  id: Generated<number>;
  user_id: number;
  /** 'totp'. */
  kind: string;
  name: string;
  secret: string;
  confirmed_at: number | null;
  last_step: number | null;
  created_at: number;
  last_used_at: number | null;
};

export type UserRecoveryCodesTable = {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: number;
  used_at: number | null;
};

export type LoginChallengesTable = {
  id: string;
  user_id: number;
  remember_me: number;
  created_at: number;
  expires_at: number;
  attempts: Generated<number>;
  used_at: number | null;
};

/** Per role, whether its users must have a second factor (migration 0031); no row: optional. */
export type MfaRolePoliciesTable = {
  role: string;
  required: number;
  updated_at: number;
  updated_by: number | null;
};
