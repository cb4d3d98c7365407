import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const argon2Async = promisify(argon2);

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const params = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 } as const;

/** Hashes a password with argon2id into a PHC string. */
export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const hash = await argon2Async('argon2id', { message: password, nonce, ...params });
  const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
  return `$argon2id$v=19$m=${params.memory},t=${params.passes},p=${params.parallelism}$${b64(nonce)}$${b64(hash)}`;
}

const phc = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const m = phc.exec(encoded);
  if (!m) return false;
  const [, memory, passes, parallelism, salt, expectedB64] = m as unknown as [string, string, string, string, string, string];
  const expected = Buffer.from(expectedB64, 'base64');
  const actual = await argon2Async('argon2id', {
    message: password,
    nonce: Buffer.from(salt, 'base64'),
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    tagLength: expected.length,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A memorable-enough generated password for the embedded default's main admin. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
