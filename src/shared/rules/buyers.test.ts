import { describe, expect, it } from 'vitest';
import {
  coBidderStatement,
  companySigner,
  formatOrgNumber,
  isBuyerCapacity,
  namesTogether,
  parseOrgNumber,
} from './buyers';

describe('organisation numbers', () => {
  it('takes nine digits whose MOD11 check digit is right, with or without spaces', () => {
    expect(parseOrgNumber('123456785')).toBe('123456785');
    expect(parseOrgNumber('123 456 785')).toBe('123456785');
    // Equinor ASA and DNB Bank ASA, as the register lists them.
    expect(parseOrgNumber('923 609 016')).toBe('923609016');
    expect(parseOrgNumber('984 851 006')).toBe('984851006');
  });

  it('refuses a wrong check digit, a wrong length, letters, and numbers whose check would be 10', () => {
    expect(parseOrgNumber('123456784')).toBeNull();
    expect(parseOrgNumber('12345678')).toBeNull();
    expect(parseOrgNumber('1234567850')).toBeNull();
    expect(parseOrgNumber('12345678A')).toBeNull();
    expect(parseOrgNumber('')).toBeNull();
    // 5 in the eighth place sums to 10: the check digit is 11 − 10 = 1, and only 1.
    for (let last = 0; last <= 9; last++) expect(parseOrgNumber(`00000005${last}`) === null).toBe(last !== 1);
    // A first digit 4 sums to 12, remainder 1, which asks for 10: no such number is ever issued.
    for (let last = 0; last <= 9; last++) expect(parseOrgNumber(`40000000${last}`)).toBeNull();
  });

  it('is written in groups of three', () => {
    expect(formatOrgNumber('123456785')).toBe('123 456 785');
  });
});

describe('the words of who buys', () => {
  it('knows the two capacities and nothing else', () => {
    expect(isBuyerCapacity('forbruker')).toBe(true);
    expect(isBuyerCapacity('naeringsdrivende')).toBe(true);
    expect(isBuyerCapacity('næringsdrivende')).toBe(false);
    expect(isBuyerCapacity(undefined)).toBe(false);
  });

  it("names a company's signer, its role and the company", () => {
    expect(companySigner('Ola Nordmann', 'daglig leder', 'Nordmann Eiendom AS', '123456785')).toBe(
      'Ola Nordmann, som daglig leder for Nordmann Eiendom AS (org.nr. 123 456 785)',
    );
  });

  it('joins names as Norwegian does', () => {
    expect(namesTogether(['Ola'])).toBe('Ola');
    expect(namesTogether(['Ola', 'Kari'])).toBe('Ola og Kari');
    expect(namesTogether(['Ola', 'Kari', 'Per'])).toBe('Ola, Kari og Per');
  });

  it("words the co-bidder's power of attorney in the words the invitee signs", () => {
    expect(
      coBidderStatement('Kari Nordmann', ['Ola Nordmann'], {
        title: 'Rekkehus med hage',
        address: 'Bjørkeveien 4, 1352 Kolsås',
      }),
    ).toBe(
      'Jeg, Kari Nordmann, gir Ola Nordmann og meg selv gjensidig fullmakt til å by på vegne av oss begge i budrunden for Rekkehus med hage, Bjørkeveien 4, 1352 Kolsås.',
    );
  });
});
