import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import {
  bidErrorMessage,
  DEFAULT_BID_ERROR,
  INVALID_BID_DATA,
  NO_PERMISSION,
  ROUND_NOT_FOUND,
} from './bid-error-message';

const api = (message: string, status = 400, body: Record<string, unknown> = {}) =>
  new ApiError(message, status, { message, ...body });

describe('bidErrorMessage', () => {
  it.each<[string, unknown, string]>([
    [
      'the bidDeadline entry of an errors array',
      api('Ugyldig buddata', 400, {
        errors: [
          { path: 'amount', message: 'Beløp må være større enn 0' },
          { path: 'bidDeadline', message: 'Akseptfrist må være minst 30 minutter frem i tid' },
        ],
      }),
      'Akseptfrist må være minst 30 minutter frem i tid',
    ],
    [
      'a nested bidDeadline path',
      api('Invalid bid data', 400, {
        errors: [{ path: 'body.bidDeadline', message: 'Akseptfrist må velges' }],
      }),
      'Akseptfrist må velges',
    ],
    [
      'an errors array without a bidDeadline entry falls back to the mapping',
      api('Invalid bid data', 400, { errors: [{ path: 'amount', message: 'Beløp må være større enn 0' }] }),
      INVALID_BID_DATA,
    ],
    ['Invalid bid data', api('Invalid bid data'), INVALID_BID_DATA],
    ['a zod error', api('ZodError: expected number'), INVALID_BID_DATA],
    [
      'akseptfrist shown as is',
      api('Akseptfristen kan ikke være før korteste akseptfrist for budrunden', 422),
      'Akseptfristen kan ikke være før korteste akseptfrist for budrunden',
    ],
    ['deadline shown as is', api('The round deadline has passed', 409), 'The round deadline has passed'],
    [
      'startpris shown as is',
      api('Budet må være minst like høyt som startprisen'),
      'Budet må være minst like høyt som startprisen',
    ],
    ['minimum shown as is', api('Minimum bid is 1 000 001 kr'), 'Minimum bid is 1 000 001 kr'],
    ['Unauthorized', api('Unauthorized', 400), NO_PERMISSION],
    ['forbidden in any case', api('FORBIDDEN'), NO_PERMISSION],
    ['status 401', api('Ikke pålogget', 401), NO_PERMISSION],
    ['status 403', api('Du kan ikke by på din egen eiendom', 403), NO_PERMISSION],
    ['not found', api('Bid round not found', 400), ROUND_NOT_FOUND],
    ['status 404', api('Finnes ikke', 404), ROUND_NOT_FOUND],
    [
      'any other message as is',
      api('Budet må være høyere enn det høyeste budet', 409),
      'Budet må være høyere enn det høyeste budet',
    ],
    ['a plain Error', new Error('Budrunden er avsluttet'), 'Budrunden er avsluttet'],
    ['an empty message', api('', 500), DEFAULT_BID_ERROR],
    ['not an error at all', 'oops', DEFAULT_BID_ERROR],
    ['undefined', undefined, DEFAULT_BID_ERROR],
  ])('%s', (_label, error, expected) => {
    expect(bidErrorMessage(error)).toBe(expected);
  });
});
