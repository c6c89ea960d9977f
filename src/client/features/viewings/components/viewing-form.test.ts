import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { EMPTY_VIEWING, VIEWING_TIMES, viewingFormErrors, viewingPayload, withFrom } from './viewing-form';

describe("the 'Legg til visning' form", () => {
  it('offers the quarter hours of a day', () => {
    expect(VIEWING_TIMES).toHaveLength(96);
    expect(VIEWING_TIMES.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(VIEWING_TIMES.at(-1)).toBe('23:45');
  });

  it('sends the day and times as Oslo clocks show them, in winter and in summer', () => {
    expect(viewingPayload({ day: '2026-11-29', from: '13:00', to: '14:00', note: '  ' })).toEqual({
      startsAt: '2026-11-29T12:00:00.000Z',
      endsAt: '2026-11-29T13:00:00.000Z',
    });
    expect(viewingPayload({ day: '2027-06-13', from: '17:30', to: '18:15', note: ' Oppgang B ' })).toEqual({
      startsAt: '2027-06-13T15:30:00.000Z',
      endsAt: '2027-06-13T16:15:00.000Z',
      note: 'Oppgang B',
    });
    expect(viewingPayload(EMPTY_VIEWING)).toBeNull();
  });

  it('sends an end before the start as it is: the server says why it cannot be', () => {
    const payload = viewingPayload({ day: '2026-11-29', from: '13:00', to: '12:00', note: '' });
    expect(payload?.endsAt).toBe('2026-11-29T11:00:00.000Z');
  });

  it('moves the end to an hour after a new start that passes it, and leaves a later end alone', () => {
    expect(withFrom({ ...EMPTY_VIEWING, to: '13:00' }, '13:00').to).toBe('14:00');
    expect(withFrom({ ...EMPTY_VIEWING, to: '13:00' }, '23:30').to).toBe('23:45');
    expect(withFrom({ ...EMPTY_VIEWING, to: '18:00' }, '17:00')).toEqual({
      ...EMPTY_VIEWING,
      from: '17:00',
      to: '18:00',
    });
  });

  it("puts the server's messages on the fields they name", () => {
    const error = new ApiError('Ugyldig visning', 400, {
      errors: [
        { path: 'endsAt', message: 'Visningen må slutte etter at den begynner' },
        { path: 'body.startsAt', message: 'Visningen kan ikke være i fortiden' },
        { path: 'note', message: 'For lang' },
      ],
    });
    expect(viewingFormErrors(error)).toEqual({
      to: 'Visningen må slutte etter at den begynner',
      from: 'Visningen kan ikke være i fortiden',
      note: 'For lang',
    });
  });

  it('shows a refusal without fields under the form', () => {
    expect(viewingFormErrors(new ApiError('Budrunden er avsluttet', 409))).toEqual({
      form: 'Budrunden er avsluttet',
    });
    expect(
      viewingFormErrors(new ApiError('x', 400, { errors: [{ path: 'other', message: 'Feil' }] })),
    ).toEqual({
      form: 'Feil',
    });
  });
});
