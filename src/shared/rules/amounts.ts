/**
 * The highest amount a round or a bid may name: 10 billion kroner. Its own module, free of zod, so that the
 * client's bid form and price editing check it without loading the schemas (27 KB gzipped).
 */
export const MAX_AMOUNT = 10_000_000_000;

/** Whole kroner from 1 up to MAX_AMOUNT. */
export function isValidAmount(amount: number | null): amount is number {
  return amount !== null && Number.isSafeInteger(amount) && amount >= 1 && amount <= MAX_AMOUNT;
}
