import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  combinePhone,
  isValidPhone,
  optionalPhoneSchema,
  PHONE_INVALID,
  PHONE_REQUIRED,
  phoneSchema,
} from './phone';

describe('combinePhone', () => {
  it.each([
    ['+47', '12345678', '+47 12345678'],
    ['+47', '  123 45 678 ', '+47 123 45 678'],
    ['+1', '2025550123', '+1 2025550123'],
    ['+46', '', '+46 '],
  ])('combines %j and %j', (countryCode, phoneNumber, expected) => {
    expect(combinePhone(countryCode, phoneNumber)).toBe(expected);
  });
});

describe('isValidPhone', () => {
  it.each([
    ['+47 12345678', true],
    ['+47 123 45 678', true],
    ['+4712345678', true],
    ['+47-123-45-678', true],
    ['+46 701234567', true],
    ['+1 2025550123', true],
    ['+45 1234567', true],
    ['+46 12345', true],
    ['+44 1234567890123', true],
    ['+49 123456789012', true],
    ['12345678', false],
    ['4712345678', false],
    ['+47 1234567', false],
    ['+47 123456789', false],
    ['+47 1234abcd', false],
    ['+47 (123) 45678', false],
    ['+47.12345678', false],
    ['+', false],
    ['', false],
    ['++4712345678', false],
    ['+46 1234', false],
    ['+44 12345678901234', false],
    ['+44 1234567890123456', false],
    [' +47 12345678', false],
  ])('%j → %s', (combined, expected) => {
    expect(isValidPhone(combined)).toBe(expected);
  });

  it('offers the country codes in the agreed order', () => {
    expect(COUNTRY_CODES).toEqual(['+47', '+46', '+45', '+49', '+44', '+1']);
  });
});

function firstMessage(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('phoneSchema', () => {
  it.each([
    ['+47 12345678', '+47 12345678'],
    [' +46 701234567 ', '+46 701234567'],
  ])('accepts %j as %j', (input, expected) => {
    expect(phoneSchema.parse(input)).toBe(expected);
  });

  it.each([
    ['', PHONE_REQUIRED],
    ['   ', PHONE_REQUIRED],
    ['+47 ', PHONE_REQUIRED],
    [undefined, PHONE_REQUIRED],
    [null, PHONE_REQUIRED],
    ['12345678', PHONE_INVALID],
    ['+47 1234567', PHONE_INVALID],
    ['+46 1234', PHONE_INVALID],
  ])('rejects %j with %j', (input, message) => {
    const result = phoneSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(firstMessage(result)).toBe(message);
  });
});

describe('optionalPhoneSchema', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['+47 ', null],
    [null, null],
    [undefined, null],
    ['+47 12345678', '+47 12345678'],
    ['+1 2025550123 ', '+1 2025550123'],
  ])('accepts %j as %j', (input, expected) => {
    expect(optionalPhoneSchema.parse(input)).toBe(expected);
  });

  it.each([['12345678'], ['+47 123456789'], ['+44 1234567890123456'], [12345678]])(
    'rejects %j with the invalid message',
    (input) => {
      expect(firstMessage(optionalPhoneSchema.safeParse(input))).toBe(PHONE_INVALID);
    },
  );
});
