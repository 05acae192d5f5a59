import argon2 from 'argon2';

/**
 * OWASP's recommended argon2id parameters (19 MiB, 2 passes, 1 lane). node-argon2 hashes on
 * libuv's thread pool, so a sign-in never blocks the event loop.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

let decoyHash: Promise<string> | undefined;

/**
 * Verifies password against hash. With no hash (unknown email, or an account that cannot sign
 * in) it still verifies against a decoy, so both answers take about the same time.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    decoyHash ??= hashPassword('decoy password that matches nothing');
    await argon2.verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
