import { expect } from 'vitest';
import { signInVerified } from './admin';
import { createRoundAs } from './rounds';
import type { TestApp } from './test-app';

// Bidder groups in the API tests (decision 065): people, a round, and the calls of a group.

export interface Person {
  email: string;
  cookie: string;
}

export function coBidderHelpers(t: TestApp) {
  let n = 0;
  const person = async (name: string, lastName = 'Nordmann'): Promise<Person> => {
    const email = `${name.toLowerCase()}.${++n}@example.no`;
    const phone = `+47 9400${String(n).padStart(4, '0')}`;
    return { email, cookie: await signInVerified(t, email, { firstName: name, lastName, phone }) };
  };
  const invite = (roundId: string, by: Person, email: string) =>
    t.request({
      method: 'POST',
      url: `/api/bid-rounds/${roundId}/co-bidders`,
      cookie: by.cookie,
      payload: { email },
    });
  const inviteOk = async (roundId: string, by: Person, email: string) => {
    const res = await invite(roundId, by, email);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().invitation as { id: string; state: string };
  };
  const answer = (id: string, who: Person, how: 'accept' | 'decline', payload: object = {}) =>
    t.request({ method: 'PUT', url: `/api/co-bidder-invitations/${id}/${how}`, cookie: who.cookie, payload });
  const list = (roundId: string, who: Person) =>
    t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/co-bidders`, cookie: who.cookie });
  const leave = (roundId: string, who: Person, payload: object = {}) =>
    t.request({
      method: 'DELETE',
      url: `/api/bid-rounds/${roundId}/co-bidders/me`,
      cookie: who.cookie,
      payload,
    });
  /** Ola and Kari bid together on Selma's round; Ingrid bids alone. */
  const setting = async () => {
    const owner = await person('Selma', 'Selger');
    const ola = await person('Ola');
    const kari = await person('Kari');
    const ingrid = await person('Ingrid', 'Hansen');
    const round = await createRoundAs(t, owner.cookie, {
      title: 'Fellesboligen',
      address: 'Delevegen 2, 0150 Oslo',
    });
    return { owner, ola, kari, ingrid, roundId: round.id };
  };
  const together = async () => {
    const s = await setting();
    const invitation = await inviteOk(s.roundId, s.ola, s.kari.email);
    const accepted = await answer(invitation.id, s.kari, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { ...s, invitation };
  };
  return { person, invite, inviteOk, answer, list, leave, setting, together };
}
