import { describe, expect, it } from 'vitest';
import { startingBidSchema } from '../schemas/bid-round';
import { isValidAmount, MAX_AMOUNT } from './amounts';

describe('isValidAmount, the zod-free check the client uses for a new starting price', () => {
  it('agrees with the server’s startingBidSchema at every edge', () => {
    for (const amount of [
      null,
      -1,
      0,
      0.5,
      1,
      2,
      4_350_000,
      4_350_000.5,
      MAX_AMOUNT - 1,
      MAX_AMOUNT,
      MAX_AMOUNT + 1,
    ]) {
      const server = startingBidSchema.safeParse({ newStartingBid: amount }).success;
      expect(isValidAmount(amount), String(amount)).toBe(server);
    }
  });
});
