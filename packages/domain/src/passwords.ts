/** The special characters the spec's password rule accepts (core.md section 5). */
export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';

export const MIN_PASSWORD_LENGTH = 8;

export type TPasswordRule = {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';
  /** Shown in the live checklist. */
  label: string;
  /** The change-password screen's message when the rule fails. */
  message: string;
  test: (password: string) => boolean;
};

const SPECIAL_PATTERN = /[!@#$%^&*(),.?":{}|<>]/;
const hasSpecial = (password: string): boolean => SPECIAL_PATTERN.test(password);

export const PASSWORD_RULES: readonly TPasswordRule[] = [
  {
    id: 'length',
    label: 'At least 8 characters',
    message: 'Password must be at least 8 characters long',
    test: (password) => password.length >= MIN_PASSWORD_LENGTH,
  },
  {
    id: 'uppercase',
    label: 'One uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    test: (password) => /[A-Z]/.test(password),
  },
  {
    id: 'lowercase',
    label: 'One lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    test: (password) => /[a-z]/.test(password),
  },
  {
    id: 'number',
    label: 'One number',
    message: 'Password must contain at least one number',
    test: (password) => /[0-9]/.test(password),
  },
  {
    id: 'special',
    label: `One special character (${PASSWORD_SPECIALS})`,
    message: 'Password must contain at least one special character',
    test: hasSpecial,
  },
];

/** The first broken rule's message, or undefined when the password meets every rule. */
export const firstPasswordProblem = (password: string): string | undefined =>
  PASSWORD_RULES.find((rule) => !rule.test(password))?.message;

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SPECIALS = '!@#$%*?';

// The domain package targets no particular runtime, so it types just the one call it needs.
type TWebCrypto = { getRandomValues: (array: Uint32Array) => Uint32Array };
const webCrypto = (): TWebCrypto => (globalThis as unknown as { crypto: TWebCrypto }).crypto;

const pick = (alphabet: string, random: Uint32Array, index: number): string =>
  alphabet.charAt((random[index] ?? 0) % alphabet.length);

/**
 * A random 16-character password that meets every rule, from Web Crypto (present
 * in browsers and Node). Look-alike characters (0/O, 1/l/I) are left out because
 * people type these from a printout.
 */
export const generateTemporaryPassword = (length = 16): string => {
  const random = new Uint32Array(length * 2);
  webCrypto().getRandomValues(random);
  const all = UPPER + LOWER + DIGITS + SPECIALS;
  const chars = [
    pick(UPPER, random, 0),
    pick(LOWER, random, 1),
    pick(DIGITS, random, 2),
    pick(SPECIALS, random, 3),
  ];
  for (let i = 4; i < length; i += 1) {
    chars.push(pick(all, random, i));
  }
  // Fisher-Yates with the second half of the random values, so the classes are not in fixed slots.
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = (random[length + i] ?? 0) % (i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
};

/** Long passphrases must fit (NIST asks for at least 64); the cap only bounds hashing work. */
export const MAX_PASSWORD_LENGTH = 128;

export const PASSWORD_POLICY_MESSAGES = {
  tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
  containsEmail: 'Password must not contain your email address',
  tooCommon: 'This password is too common. Please choose one that is harder to guess.',
  /** Both /change-password and the reset by link refuse the password the account has now. */
  sameAsCurrent: 'New password must be different from your current password',
} as const;

const leadingTrailingNonLetters = /^[^a-z]+|[^a-z]+$/g;

/**
 * The first problem with a new password beyond the composition rules: too long, built
 * from the user's email, or a common password (the caller supplies the list check, so the
 * web bundle need not carry the dictionary). "Password1!" counts as common because its
 * core, "password", is.
 */
export const passwordPolicyProblem = (
  password: string,
  context: { email?: string; isCommon?: (candidate: string) => boolean } = {},
): string | undefined => {
  const composition = firstPasswordProblem(password);
  if (composition) {
    return composition;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return PASSWORD_POLICY_MESSAGES.tooLong;
  }
  const lower = password.toLowerCase();
  const email = context.email?.trim().toLowerCase() ?? '';
  const localPart = email.split('@')[0] ?? '';
  if (email && (lower.includes(email) || (localPart.length >= 3 && lower.includes(localPart)))) {
    return PASSWORD_POLICY_MESSAGES.containsEmail;
  }
  const core = lower.replace(leadingTrailingNonLetters, '');
  if (
    context.isCommon &&
    (context.isCommon(lower) || (core.length >= 4 && context.isCommon(core)))
  ) {
    return PASSWORD_POLICY_MESSAGES.tooCommon;
  }
  return undefined;
};
