import { describe, expect, it } from 'vitest';
import { formatAmountInput, formatMoney, parseAmountInput } from './money';

describe('formatMoney', () => {
  it.each([
    [4350000, '4\u00a0350\u00a0000\u00a0kr'],
    [0, '0\u00a0kr'],
    [999, '999\u00a0kr'],
    [1000, '1\u00a0000\u00a0kr'],
    [1234.56, '1\u00a0235\u00a0kr'],
    [10_000_000_000, '10\u00a0000\u00a0000\u00a0000\u00a0kr'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('formats %s as %j', (amount, expected) => {
    expect(formatMoney(amount)).toBe(expected);
  });
});

describe('formatMoney without Intl', () => {
  // The hand-written grouping must read exactly as ICU's nb-NO (only the separator is pinned to U+00A0).
  it('matches Intl.NumberFormat nb-NO for whole, fractional, negative and large amounts', () => {
    const intl = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 });
    const amounts = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 12_345, 99_999, 100_000, 999_999, 1_000_000];
    for (let n = 1; n < 1e15; n = n * 7 + 3) amounts.push(n, n + 0.5, n - 0.5, n + 0.49, -n, -n - 0.5);
    for (const amount of amounts) {
      expect(formatMoney(amount), String(amount)).toBe(
        `${intl.format(amount).replace(/\s/g, '\u00a0')}\u00a0kr`,
      );
    }
  });
});

describe('formatAmountInput', () => {
  it.each([
    [1000000, '1 000 000'],
    [0, '0'],
    [950, '950'],
    [2500, '2 500'],
    [10_000_000_000, '10 000 000 000'],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
  ])('formats %s as %j', (amount, expected) => {
    expect(formatAmountInput(amount)).toBe(expected);
  });
});

describe('parseAmountInput', () => {
  it.each([
    ['1 000 000', 1000000],
    ['1000000', 1000000],
    [' 2 500 ', 2500],
    ['1\u00a0000\u00a0000', 1000000],
    ['1\u202f000', 1000],
    ['1 0000', 10000],
    ['0', 0],
    ['007', 7],
    ['10 000 000 000', 10_000_000_000],
    ['9007199254740991', 9007199254740991],
    ['9007199254740993', null],
    ['', null],
    ['   ', null],
    ['-5', null],
    ['+5', null],
    ['1,5', null],
    ['1.5', null],
    ['1 000.50', null],
    ['abc', null],
    ['12kr', null],
    ['1e6', null],
  ])('parses %j as %s', (text, expected) => {
    expect(parseAmountInput(text)).toBe(expected);
  });

  it.each([0, 1, 999, 1000, 4350000, 10_000_000_000])('round-trips %s through the input format', (amount) => {
    expect(parseAmountInput(formatAmountInput(amount))).toBe(amount);
  });
});
