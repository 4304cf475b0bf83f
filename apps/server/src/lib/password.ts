import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/** argon2id with OWASP's minimum parameters (19 MiB, 2 passes). */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */ as const,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the account does not exist (equal timing). */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** A readable random password for the first admin. */
export function randomPassword(): string {
  return `${randomBytes(9).toString('base64url')}-A1`;
}
