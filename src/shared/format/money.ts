// Cached because Intl formatters are comparatively expensive to construct and these run per render.
const KRONER_FORMAT = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 });

// Text pasted from other sites or apps may group with U+00A0 or U+202F instead of plain spaces.
const SEPARATORS = /[ \u00a0\u202f]/g;

/** '4 350 000 kr' with no-break spaces, so an amount never wraps across lines. */
export function formatMoney(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  // Pinned to U+00A0 so server- and browser-rendered HTML match even if an ICU update changes the separator.
  return `${KRONER_FORMAT.format(amount).replace(SEPARATORS, '\u00a0')}\u00a0kr`;
}

/** '1 000 000' with plain spaces, because users edit and paste the text of inputs. */
export function formatAmountInput(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  return KRONER_FORMAT.format(amount).replace(SEPARATORS, ' ');
}

/**
 * Whole non-negative kroner, or null when the text is not one.
 * Separators are accepted anywhere (not only every third digit) because inputs are re-formatted while
 * the user types, which briefly produces groupings like '1 0000'.
 */
export function parseAmountInput(text: string): number | null {
  const digits = text.trim().replace(SEPARATORS, '');
  if (!/^\d+$/.test(digits)) return null;
  const amount = Number(digits);
  // Above 2^53 Number() silently rounds, and a bid must never change value on its way in.
  return Number.isSafeInteger(amount) ? amount : null;
}
