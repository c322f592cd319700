import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const ZSecrets = z.object({
  jwt_secret: z.string().min(32),
  cookie_secret: z.string().min(32),
});

export type TSecrets = z.infer<typeof ZSecrets>;

const generate = (): TSecrets => ({
  jwt_secret: randomBytes(48).toString('base64url'),
  cookie_secret: randomBytes(48).toString('base64url'),
});

/** Loads data/secrets.json, creating it (mode 600) the first time. */
export const loadOrCreateSecrets = async (dataDir: string): Promise<TSecrets> => {
  const file = path.join(dataDir, 'secrets.json');
  try {
    const parsed = ZSecrets.parse(JSON.parse(await readFile(file, 'utf8')));
    await chmod(file, 0o600);
    return parsed;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} is unreadable or malformed; fix or remove it`, { cause: error });
    }
  }
  const secrets = generate();
  // 'wx' fails if another process created it in the meantime, so secrets are never overwritten.
  await writeFile(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return secrets;
};
