import { formatAmountInput, parseAmountInput } from '../../../../shared/format/money';

/** More digits than any accepted amount (10 000 000 000 has 11), but still a safe integer. */
const MAX_DIGITS = 15;

/**
 * Re-formats what the user typed into an amount field as '1 250 000', and says where the caret goes so it
 * stays after the same digit. Returns null when the edit should be refused (too many digits).
 */
export function reformatAmountText(raw: string, caret: number): { text: string; caret: number } | null {
  const digits = raw.replace(/\D/g, '');
  if (digits.length > MAX_DIGITS) return null;
  const text = digits === '' ? '' : formatAmountInput(parseAmountInput(digits));
  const digitsBefore = raw.slice(0, caret).replace(/\D/g, '').length;
  // Leading zeros vanish when formatting, so count only the digits that survive.
  const leadingZeros = digits.length - digits.replace(/^0+(?=\d)/, '').length;
  const wanted = Math.max(0, digitsBefore - leadingZeros);
  let position = 0;
  let seen = 0;
  while (position < text.length && seen < wanted) {
    if (/\d/.test(text.charAt(position))) seen += 1;
    position += 1;
  }
  return { text, caret: position };
}
