import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package exports it as a const enum, which isolated modules cannot read.
const ARGON2ID = 2;

// OWASP's minimum for argon2id: 19 MiB memory, 2 iterations, 1 lane.
const PRODUCTION = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
// The same algorithm at argon2's smallest sensible cost, for test suites only (decision 049).
const TEST = { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export type PasswordHashCost = 'production' | 'test';

// One setting for the process, set once by the composition root from PASSWORD_HASH_COST (env.ts refuses
// 'test' in production). A module setting rather than a parameter: a hash is made in six services, and
// the cost is the process's, not the caller's.
let options: typeof PRODUCTION | typeof TEST = PRODUCTION;

export function setPasswordHashCost(cost: PasswordHashCost): void {
  options = cost === 'test' ? TEST : PRODUCTION;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    // The hash names its own algorithm and cost, so a test-cost hash and a production one both verify.
    return await verify(passwordHash, password);
  } catch {
    // An unusable hash (a scrubbed account) simply never matches.
    return false;
  }
}
