import { describe, expect, it } from 'vitest';
import {
  acceptanceStatement,
  counterOfferStatement,
  rejectionStatement,
  winnerStatement,
} from './act-statements';

const facts = {
  signerName: 'Kari Selger',
  propertyTitle: 'Lys 3-roms på Grünerløkka',
  propertyAddress: 'Thorvald Meyers gate 10, 0555 Oslo',
  amount: 5_250_000,
};
const PLACE = 'for Lys 3-roms på Grünerløkka, Thorvald Meyers gate 10, 0555 Oslo.';
const AMOUNT = '5 250 000 kr (fem millioner to hundre og femti tusen kroner)';

describe('the statements of the binding acts besides a bid', () => {
  it('says the owner accepts a bid from its pseudonym', () => {
    expect(winnerStatement({ ...facts, bidderLabel: 'Budgiver A' })).toBe(
      `Jeg, Kari Selger, aksepterer budet på ${AMOUNT} fra Budgiver A ${PLACE}`,
    );
  });

  it('says the owner rejects a bid, with the message in guillemets or none', () => {
    expect(rejectionStatement({ ...facts, bidderLabel: 'Budgiver B', message: null })).toBe(
      `Jeg, Kari Selger, avslår budet på ${AMOUNT} fra Budgiver B ${PLACE} Melding: ingen.`,
    );
    expect(rejectionStatement({ ...facts, bidderLabel: 'Budgiver B', message: 'For lavt' })).toMatch(
      /Melding: «For lavt»\.$/,
    );
  });

  it('ends a message or conditions that end their own sentence with no second full stop', () => {
    expect(rejectionStatement({ ...facts, bidderLabel: 'Budgiver B', message: 'For lavt.' })).toMatch(
      /Melding: «For lavt\.»$/,
    );
    expect(rejectionStatement({ ...facts, bidderLabel: 'Budgiver B', message: 'Hvorfor så lavt?' })).toMatch(
      /«Hvorfor så lavt\?»$/,
    );
    const offer = counterOfferStatement({
      ...facts,
      bidderLabel: 'Budgiver A',
      deadline: new Date('2026-11-25T19:00:00Z'),
      conditions: 'Forbehold om finansiering.',
    });
    expect(offer).toMatch(/ Forbehold: Forbehold om finansiering\.$/);
    const acceptance = acceptanceStatement({ ...facts, conditions: 'Forbehold om finansiering.' });
    expect(acceptance).toMatch(/ Forbehold: Forbehold om finansiering\.$/);
    for (const text of [offer, acceptance]) expect(text).not.toContain('..');
  });

  it('says the owner offers an amount until a deadline on terms', () => {
    const text = counterOfferStatement({
      ...facts,
      bidderLabel: 'Budgiver A',
      deadline: new Date('2026-11-25T19:00:00Z'),
      conditions: null,
    });
    expect(text).toBe(
      `Jeg, Kari Selger, gir Budgiver A et motbud på ${AMOUNT} ${PLACE} Fristen er 25. november 2026 kl. 20:00. ` +
        'Forbehold: ingen.',
    );
  });

  it('says the bidder accepts the seller’s counter-offer on its terms', () => {
    expect(acceptanceStatement({ ...facts, signerName: 'Ola Nordmann', conditions: 'Finansiering' })).toBe(
      `Jeg, Ola Nordmann, aksepterer selgerens motbud på ${AMOUNT} ${PLACE} Forbehold: Finansiering.`,
    );
  });
});
