import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane. The library's
// default algorithm is argon2id (its Algorithm const enum cannot be imported under
// verbatimModuleSyntax); the tests check that stored hashes start with $argon2id$.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** False for a wrong password or a malformed stored hash; never throws on user input. */
export const verifyPassword = async (stored: string, password: string): Promise<boolean> => {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
};
