import { describe, expect, it } from 'vitest';
import { reformatAmountText } from './amount-text';

describe('reformatAmountText', () => {
  it.each([
    ['typing at the end', '1000', 4, '1 000', 5],
    ['a digit in the middle', '1 2000', 3, '12 000', 2],
    ['a digit at the start', '91 000', 1, '91 000', 1],
    ['deleting a separator area', '1 00 000', 4, '100 000', 3],
    ['pasted text with letters', '4 350 000 kr', 12, '4 350 000', 9],
    ['leading zeros', '0012', 4, '12', 2],
    ['empty', '', 0, '', 0],
    ['only letters', 'abc', 3, '', 0],
  ])('%s', (_label, raw, caret, text, expectedCaret) => {
    expect(reformatAmountText(raw, caret)).toEqual({ text, caret: expectedCaret });
  });

  it('refuses more than 15 digits', () => {
    expect(reformatAmountText('1234567890123456', 16)).toBeNull();
  });
});
