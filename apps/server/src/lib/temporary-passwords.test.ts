import { describe, expect, it } from 'vitest';
import { firstPasswordProblem } from '@portal/domain/passwords';
import { verifyPassword } from './passwords';
import { issueTemporaryPasswords, spreadsheetSafePassword } from './temporary-passwords';

describe('temporary passwords', () => {
  it('never start with a character a spreadsheet would run or the results file would alter', () => {
    // '@' starts about one generated password in 30; 3,000 draws would meet it ~100 times.
    const passwords = Array.from({ length: 3_000 }, spreadsheetSafePassword);
    expect(passwords.filter((password) => /^[=+\-@\t\r]/.test(password))).toEqual([]);
    expect(passwords.every((password) => firstPasswordProblem(password) === undefined)).toBe(true);
    expect(new Set(passwords).size).toBe(passwords.length);
  });

  it('issues each account its own password with an argon2id hash that verifies it', async () => {
    const issued = await issueTemporaryPasswords(5);
    expect(issued).toHaveLength(5);
    expect(new Set(issued.map((entry) => entry.password)).size).toBe(5);
    for (const { password, hash } of issued) {
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(hash, password)).toBe(true);
    }
  });
});
