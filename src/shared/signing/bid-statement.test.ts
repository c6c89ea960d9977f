import { describe, expect, it } from 'vitest';
import { bidStatement } from './bid-statement';

describe('the statement a bidder signs', () => {
  it('says who bids what, for which home, until when and on what terms, in words', () => {
    const text = bidStatement({
      bidderName: 'Ola Nordmann',
      amount: 5_250_000,
      propertyTitle: 'Lys 3-roms på Grünerløkka',
      propertyAddress: 'Thorvald Meyers gate 10, 0555 Oslo',
      bidDeadline: new Date('2026-11-25T19:00:00Z'),
      conditions: null,
    });
    expect(text).toBe(
      'Jeg, Ola Nordmann, byr 5 250 000 kr (fem millioner to hundre og femti tusen kroner) for Lys 3-roms på ' +
        'Grünerløkka, Thorvald Meyers gate 10, 0555 Oslo. Akseptfrist: 25. november 2026 kl. 20:00. Forbehold: ingen.',
    );
  });

  it('names the conditions when there are some', () => {
    const text = bidStatement({
      bidderName: 'Kari',
      amount: 100,
      propertyTitle: 'Hytte',
      propertyAddress: 'Fjellet 1',
      bidDeadline: new Date('2026-07-01T10:00:00Z'),
      conditions: 'Salg av egen bolig',
    });
    expect(text).toContain('Forbehold: Salg av egen bolig.');
    expect(text).toContain('Akseptfrist: 1. juli 2026 kl. 12:00.');
  });
});
