import { describe, expect, it } from 'vitest';
import { ownGroupOf } from '../api/use-co-bidders';
import { EMPTY_BUYER, readBuyer } from './buyer-inputs';

// Decision 065 in the bid form: the buyer as the API takes it, by the server's rules, and the viewer's own
// group out of what the co-bidders call answers.

describe('the bid form’s buyer', () => {
  it('takes the profile’s capacity until one is chosen', () => {
    expect(readBuyer(EMPTY_BUYER, 'naeringsdrivende')).toMatchObject({
      ok: true,
      buyerCapacity: 'naeringsdrivende',
      company: null,
    });
    expect(readBuyer({ ...EMPTY_BUYER, capacity: 'forbruker' }, 'naeringsdrivende').buyerCapacity).toBe(
      'forbruker',
    );
  });

  it('bids for a company in business, with the digits of a valid number', () => {
    const company = {
      ...EMPTY_BUYER,
      forCompany: true,
      orgNumber: '923 609 016',
      companyName: ' Hansen AS ',
    };
    expect(readBuyer({ ...company, signerRole: 'styreleder' }, 'forbruker')).toMatchObject({
      ok: true,
      buyerCapacity: 'naeringsdrivende',
      company: { orgNumber: '923609016', name: 'Hansen AS', signerRole: 'styreleder' },
    });
    expect(readBuyer({ ...company, orgNumber: '923609017' }, 'forbruker')).toMatchObject({
      ok: false,
      errors: {
        orgNumber: 'Ugyldig organisasjonsnummer',
        companyName: null,
        signerRole: 'Velg hvilken rolle du byr i for selskapet',
      },
    });
  });
});

describe('the viewer’s own group', () => {
  const member = (name: string, isYou: boolean) => ({
    id: name,
    name,
    email: `${name}@example.no`,
    phone: null,
    state: 'accepted' as const,
    since: '2026-12-07T10:00:00.000Z',
    isYou,
    invitedBy: null,
  });

  it('is the members list for a member, and for an admin only the group they are in', () => {
    const mine = [member('Ola', true), member('Kari', false)];
    expect(ownGroupOf({ members: mine, groups: [], invitations: [] })).toEqual(mine);
    const other = [member('Per', false), member('Pål', false)];
    const all = {
      members: [...other, ...mine],
      groups: [
        { id: 'a', members: other },
        { id: 'b', members: mine },
      ],
      invitations: [],
    };
    expect(ownGroupOf(all)).toEqual(mine);
    expect(ownGroupOf({ ...all, groups: [{ id: 'a', members: other }] })).toEqual([]);
    expect(ownGroupOf(undefined)).toEqual([]);
  });
});
