/**
 * Whole kroner in groups of three, the way Norwegian writes amounts: '4 350 000', rounded half away from zero
 * like Intl.NumberFormat, with ICU's minus sign for nb (U+2212). Written by hand, not with Intl.NumberFormat,
 * because a page's first Intl formatter costs 40–95 ms of main thread in Chromium (ICU starts up), measured
 * in docs/decisions/020-no-intl-on-the-first-screen.md, and these run on every page's first render.
 */
function groupedKroner(amount: number, separator: string): string {
  const digits = BigInt(Math.round(Math.abs(amount))).toString();
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  const sign = amount <= -0.5 ? '\u2212' : '';
  return sign + groups.join(separator);
}

// Text pasted from other sites or apps may group with U+00A0 or U+202F instead of plain spaces.
const SEPARATORS = /[ \u00a0\u202f]/g;

/** '4 350 000 kr' with no-break spaces, so an amount never wraps across lines. */
export function formatMoney(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  return `${groupedKroner(amount, '\u00a0')}\u00a0kr`;
}

/** '1 000 000' with plain spaces, because users edit and paste the text of inputs. */
export function formatAmountInput(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  return groupedKroner(amount, ' ');
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
