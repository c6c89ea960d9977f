import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../../../tests/setup/admin';
import { coBidderHelpers } from '../../../../tests/setup/co-bidders';
import { counterOfferHelpers } from '../../../../tests/setup/counter-offers';
import { addPasskey, newAuthenticator } from '../../../../tests/setup/passkeys';
import { placeBid, placeBidOk } from '../../../../tests/setup/rounds';
import { signatureFrom } from '../../../../tests/setup/signing';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { ALREADY_IN_A_GROUP, HAS_OWN_BID } from '../../../shared/rules/buyers';
import { coBidders } from '../../db/co-bidder-schema';
import { bids } from '../../db/schema';

// Decision 065: each refusal of a bidder group answers in Norwegian and writes nothing; two members
// answering one counter-offer at once are judged under the round's lock, and exactly one decides.

let t: TestApp;
let h: ReturnType<typeof coBidderHelpers>;
let c: ReturnType<typeof counterOfferHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  h = coBidderHelpers(t);
  c = counterOfferHelpers(t);
});
afterAll(() => t.close());

const placesOf = (roundId: string) =>
  t.deps.db.select().from(coBidders).where(eq(coBidders.bidRoundId, roundId));

describe('inviting a co-bidder', () => {
  it('refuses yourself, the owner, a second invitation, a fourth co-bidder, and unknown rounds', async () => {
    const s = await h.setting();
    const self = await h.invite(s.roundId, s.ola, s.ola.email.toUpperCase());
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Du kan ikke invitere deg selv');
    const owner = await h.invite(s.roundId, s.ola, s.owner.email);
    expect(owner.statusCode).toBe(409);
    expect(owner.json().message).toBe('Selgeren kan ikke være medbudgiver i sin egen budrunde');
    const byOwner = await h.invite(s.roundId, s.owner, s.kari.email);
    expect(byOwner.statusCode).toBe(403);
    const bad = await h.invite(s.roundId, s.ola, 'ikke-en-adresse');
    expect(bad.statusCode).toBe(400);
    expect(await placesOf(s.roundId)).toHaveLength(0);

    await h.inviteOk(s.roundId, s.ola, s.kari.email);
    const twice = await h.invite(s.roundId, s.ola, s.kari.email);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Personen er allerede invitert til å by sammen med deg');
    await h.inviteOk(s.roundId, s.ola, 'per@example.no');
    await h.inviteOk(s.roundId, s.ola, 'paal@example.no');
    const fourth = await h.invite(s.roundId, s.ola, 'espen@example.no');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(
      'Dere kan være høyst 4 som byr sammen: du kan invitere høyst 3 medbudgivere',
    );
    // The inviter's own place and three invitations, no more.
    expect(await placesOf(s.roundId)).toHaveLength(4);
    const unknown = await h.invite('00000000-0000-4000-8000-000000000000', s.ola, s.kari.email);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a person in another group, or with a live bid of their own: 409 in the issue’s words', async () => {
    const s = await h.together();
    const other = await h.person('Per', 'Olsen');
    const inGroup = await h.invite(s.roundId, other, s.kari.email);
    expect(inGroup.statusCode).toBe(409);
    expect(inGroup.json().message).toBe(ALREADY_IN_A_GROUP);
    await placeBidOk(t, s.ingrid.cookie, s.roundId, 4_100_000);
    const ownBid = await h.invite(s.roundId, s.ola, s.ingrid.email);
    expect(ownBid.statusCode).toBe(409);
    expect(ownBid.json().message).toBe(HAS_OWN_BID);
  });

  it('tells an address without an account to register first, and the invitation waits for it', async () => {
    const s = await h.setting();
    const invitation = await h.inviteOk(s.roundId, s.ola, 'ny.person@example.no');
    await t.runJobs();
    const mail = (await t.mails('ny.person@example.no')).at(-1);
    expect(mail?.text).toContain('Du har ikke konto hos Budrunde ennå');
    expect(mail?.text).toContain('/register');
    const later = await h.person('Ny');
    // A new account with that very address finds it waiting (the helper's address differs: give it one).
    await t.deps.db.update(coBidders).set({ email: later.email }).where(eq(coBidders.id, invitation.id));
    expect((await h.list(s.roundId, later)).json().invitations).toHaveLength(1);
    expect((await h.answer(invitation.id, later, 'accept')).statusCode).toBe(200);
  });
});

describe('answering an invitation', () => {
  it('is offered to an invited administrator too, who sees every group', async () => {
    const s = await h.setting();
    const admin = await signInAdmin(t, 'admin.medbyder@example.no');
    const invitation = await h.inviteOk(s.roundId, s.ola, 'admin.medbyder@example.no');
    const list = (
      await h.list(s.roundId, { email: 'admin.medbyder@example.no', cookie: admin.cookie })
    ).json();
    expect(list.invitations).toEqual([
      expect.objectContaining({ id: invitation.id, invitedBy: 'Ola Nordmann' }),
    ]);
    expect(list.groups).toHaveLength(1);
  });

  it('is for the person invited alone, once; a decline binds nothing and is told to the inviter', async () => {
    const s = await h.setting();
    const invitation = await h.inviteOk(s.roundId, s.ola, s.kari.email);
    const byOther = await h.answer(invitation.id, s.ingrid, 'accept');
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe('Invitasjonen gjelder en annen person');
    const declined = await h.answer(invitation.id, s.kari, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json().invitation.state).toBe('declined');
    const again = await h.answer(invitation.id, s.kari, 'accept');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Invitasjonen er allerede avslått');
    await t.runJobs();
    const subjects = (await t.mails(s.ola.email)).map((m) => m.subject);
    expect(subjects).toContain('Kari Nordmann takket nei til å by sammen med deg');
    const bid = await placeBidOk(t, s.kari.cookie, s.roundId, 4_100_000);
    const [row] = await t.deps.db.select().from(bids).where(eq(bids.id, bid.id));
    expect(row?.coBidderIds).toEqual([]);
  });

  it('is signed when the invitee has a passkey, with the power of attorney in words', async () => {
    const s = await h.setting();
    const key = newAuthenticator();
    await addPasskey(t, s.kari.cookie, key);
    const invitation = await h.inviteOk(s.roundId, s.ola, s.kari.email);
    const unsigned = await h.answer(invitation.id, s.kari, 'accept');
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toBe('Fullmakten må signeres med passnøkkel');
    const options = await t.request({
      method: 'POST',
      url: '/api/signatures/options',
      cookie: s.kari.cookie,
      payload: { act: 'co-bidder-accept', invitationId: invitation.id },
    });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().statement).toBe(
      'Jeg, Kari Nordmann, gir Ola Nordmann og meg selv gjensidig fullmakt til å by på vegne av oss begge i ' +
        'budrunden for Fellesboligen, Delevegen 2, 0150 Oslo.',
    );
    const signed = await h.answer(invitation.id, s.kari, 'accept', {
      signature: signatureFrom(key, options.json()),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ invitation: { state: 'accepted' }, signedHead: expect.anything() });
  });

  it('lapses when the round ends', async () => {
    const s = await h.setting();
    const invitation = await h.inviteOk(s.roundId, s.ola, s.kari.email);
    expect((await c.closeRound(s.roundId, s.owner.cookie)).statusCode).toBe(200);
    const late = await h.answer(invitation.id, s.kari, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Invitasjonen har gått ut');
    const asOla = (await h.list(s.roundId, s.ola)).json();
    expect(asOla.members.find((m: { name: string }) => m.name === 'Kari Nordmann')?.state).toBe('lapsed');
  });
});

describe('leaving a group', () => {
  it('keeps the bids made before binding both, and later bids bind only those still in', async () => {
    const s = await h.together();
    const before = await placeBidOk(t, s.kari.cookie, s.roundId, 4_100_000);
    const left = await h.leave(s.roundId, s.kari);
    expect(left.statusCode, left.body).toBe(200);
    expect((await h.leave(s.roundId, s.kari)).statusCode).toBe(404);
    await t.runJobs();
    const subjects = (await t.mails(s.ola.email)).map((m) => m.subject);
    expect(subjects).toContain('Kari Nordmann byr ikke lenger sammen med deg på Fellesboligen');
    const after = await placeBidOk(t, s.ola.cookie, s.roundId, 4_200_000);
    const rows = await t.deps.db.select().from(bids).where(eq(bids.bidRoundId, s.roundId));
    expect(rows.find((r) => r.id === before.id)?.coBidderIds).toHaveLength(1);
    expect(rows.find((r) => r.id === after.id)?.coBidderIds).toEqual([]);
    // Kari still sees the bid she is bound by as hers, and not Ola's later one.
    const { bids: asKari } = (
      await t.request({ method: 'GET', url: `/api/bid-rounds/${s.roundId}/bids`, cookie: s.kari.cookie })
    ).json();
    expect(asKari.find((b: { id: string }) => b.id === before.id)?.isOwnBid).toBe(true);
    expect(asKari.find((b: { id: string }) => b.id === after.id)?.isOwnBid).toBe(false);
  });

  it('lapses the open invitations when the last member leaves, so no one joins a group of no one', async () => {
    const s = await h.setting();
    const invitation = await h.inviteOk(s.roundId, s.ola, s.kari.email);
    expect((await h.leave(s.roundId, s.ola)).statusCode).toBe(200);
    const late = await h.answer(invitation.id, s.kari, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Invitasjonen har gått ut');
  });

  it('hands the group to the next member when the one who invited leaves', async () => {
    const s = await h.together();
    expect((await h.leave(s.roundId, s.ola)).statusCode).toBe(200);
    const bid = await placeBid(t, s.kari.cookie, s.roundId, 4_100_000);
    expect(bid.statusCode, bid.body).toBe(201);
    const [row] = await t.deps.db.select().from(bids).where(eq(bids.id, bid.json().bid.id));
    expect(row?.coBidderIds).toEqual([]);
    expect(row?.placedBy).toBeNull();
  });
});

describe('a counter-offer to a group', () => {
  it.each([1, 2, 3])(
    'run %i: both members accept at once: exactly one decides, the other gets 409',
    async () => {
      const s = await h.together();
      const bid = await placeBidOk(t, s.ola.cookie, s.roundId, 4_100_000);
      const offer = await c.createOk(s.roundId, s.owner.cookie, bid.id, 4_500_000);
      const answers = await Promise.all([
        c.answer(offer.id, 'accept', s.ola.cookie),
        c.answer(offer.id, 'accept', s.kari.cookie),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const accepted = (await t.deps.db.select().from(bids).where(eq(bids.bidRoundId, s.roundId))).filter(
        (r) => r.amount === 4_500_000,
      );
      expect(accepted).toHaveLength(1);
      expect(accepted[0]?.coBidderIds).toHaveLength(1);
    },
  );

  it('reaches both members, and either may decline it', async () => {
    const s = await h.together();
    const bid = await placeBidOk(t, s.ola.cookie, s.roundId, 4_100_000);
    const offer = await c.createOk(s.roundId, s.owner.cookie, bid.id, 4_500_000);
    await t.runJobs();
    for (const member of [s.ola, s.kari])
      expect((await t.mails(member.email)).some((m) => m.subject.startsWith('Motbud fra selgeren'))).toBe(
        true,
      );
    const list = await c.listOk(s.roundId, s.kari.cookie);
    expect(list[0]).toMatchObject({ isToMe: true, recipientLabel: 'Du' });
    expect((await c.answer(offer.id, 'decline', s.ingrid.cookie)).statusCode).toBe(403);
    expect((await c.answer(offer.id, 'decline', s.kari.cookie)).statusCode).toBe(200);
  });
});

describe('a deleted account', () => {
  it('loses the address it was invited by, and an invitation still open to it lapses', async () => {
    const s = await h.setting();
    const invitation = await h.inviteOk(s.roundId, s.ola, s.kari.email);
    const deleted = await t.request({ method: 'DELETE', url: '/api/users/me', cookie: s.kari.cookie });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [place] = await t.deps.db.select().from(coBidders).where(eq(coBidders.id, invitation.id));
    expect(place?.email).not.toContain('kari');
    expect(place?.state).toBe('lapsed');
  });
});
