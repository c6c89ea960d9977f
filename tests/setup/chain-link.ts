import { expect } from 'vitest';

/** The `seq` and `hash` every act's answer carries (decision 040), as an expectation. */
export const aChainLink = () => ({
  seq: expect.any(Number) as unknown as number,
  hash: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown as string,
  /** The server's signature over it (decision 057). */
  signedHead: expect.objectContaining({
    kid: expect.stringMatching(/^[\w-]{43}$/),
    signature: expect.stringMatching(/^[\w-]{86}$/),
  }) as unknown as object,
});
