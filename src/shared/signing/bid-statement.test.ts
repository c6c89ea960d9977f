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
      'Jeg, Ola Nordmann, byr som forbruker 5 250 000 kr (fem millioner to hundre og femti tusen kroner) for Lys 3-roms på ' +
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

  const base = {
    bidderName: 'Ola Nordmann',
    amount: 7_500_000,
    propertyTitle: 'Hus',
    propertyAddress: 'Veien 1, Oslo',
    bidDeadline: new Date('2026-11-25T19:00:00Z'),
    conditions: 'Forbehold om finansiering.',
  };

  it('holds the whole bid: the financing plan and the takeover day, after one full stop', () => {
    const text = bidStatement({
      ...base,
      financing: { equity: 1_500_000, loan: 6_000_000, lender: 'DNB' },
      takeoverDate: '2027-01-15',
    });
    expect(text).toBe(
      'Jeg, Ola Nordmann, byr som forbruker 7 500 000 kr (sju millioner fem hundre tusen kroner) for Hus, Veien 1, Oslo. ' +
        'Akseptfrist: 25. november 2026 kl. 20:00. Forbehold: Forbehold om finansiering. ' +
        'Finansiering: egenkapital 1 500 000 kr, lån 6 000 000 kr i DNB. Ønsket overtakelse: 15. januar 2027.',
    );
    expect(text).not.toContain('..');
  });

  it('names no lender without one, and leaves out what the bid does not give', () => {
    const noLender = bidStatement({
      ...base,
      financing: { equity: 1_500_000, loan: 6_000_000, lender: null },
    });
    expect(noLender).toMatch(/Finansiering: egenkapital 1 500 000 kr, lån 6 000 000 kr\.$/);
    expect(noLender).not.toContain('Ønsket overtakelse');
    const dayOnly = bidStatement({ ...base, financing: null, takeoverDate: '2027-03-01' });
    expect(dayOnly).toMatch(/Forbehold om finansiering\. Ønsket overtakelse: 1\. mars 2027\.$/);
    expect(dayOnly).not.toContain('Finansiering:');
    expect(bidStatement(base)).toMatch(/Forbehold: Forbehold om finansiering\.$/);
  });

  it('says in which capacity, for which company, or on behalf of whom the bidder bids', () => {
    expect(bidStatement({ ...base, buyerCapacity: 'naeringsdrivende' })).toMatch(
      /^Jeg, Ola Nordmann, byr som næringsdrivende 7 500 000 kr /,
    );
    expect(
      bidStatement({
        ...base,
        buyerCapacity: 'naeringsdrivende',
        company: { orgNumber: '123456785', name: 'Nordmann Eiendom AS', signerRole: 'daglig leder' },
      }),
    ).toMatch(
      /^Jeg, Ola Nordmann, som daglig leder for Nordmann Eiendom AS \(org\.nr\. 123 456 785\), byr som næringsdrivende 7 500 000 kr /,
    );
    expect(bidStatement({ ...base, bidderName: 'Kari Nordmann', coBidderNames: ['Ola Nordmann'] })).toMatch(
      /^Jeg, Kari Nordmann, på vegne av Ola Nordmann og meg selv, byr som forbruker 7 500 000 kr /,
    );
  });
});
