import { expect } from 'vitest';
import { linkFrom, tokenOf } from './accounts';
import { createUnverifiedUser, signInAdmin, signInVerified, userIdOf } from './admin';
import { fill, operationsOf, unknownId, uuidParams, type WalkContext } from './api-contract-walks';
import { PASSWORD } from './person';
import { createRoundAs, placeBidOk } from './rounds';
import { osloDayAhead, viewingOn } from './viewings';

/** Accounts: log in and out, a wrong password, verification, a reset link, a new password, deletion. */
export async function accountsWalk(c: WalkContext) {
  const { t, api, owner } = c;
  const wrong = await api.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'budgiver@example.no', password: 'feil-passord' },
  });
  expect(wrong.statusCode).toBe(401);
  await createUnverifiedUser(api, 'uverifisert@example.no');
  const unverified = await api.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'uverifisert@example.no', password: PASSWORD },
  });
  expect(unverified.statusCode).toBe(403);
  await api.request({
    method: 'POST',
    url: '/api/auth/resend-verification',
    payload: { email: 'uverifisert@example.no' },
  });
  await api.request({ method: 'GET', url: '/api/auth/verify-email?token=ugyldig-lenke' });

  // A reset link by mail: its status, the new password, then the used link again.
  const forgetful = await signInVerified(api, 'glemsk@example.no');
  await api.request({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: 'glemsk@example.no' },
  });
  await t.runJobs();
  const token = tokenOf(linkFrom((await t.mails('glemsk@example.no')).at(-1), '/reset-password'));
  const status = `/api/auth/reset-password/status?token=${token}`;
  expect((await api.request({ method: 'GET', url: status })).json()).toEqual({ valid: true });
  const reset = { token, newPassword: 'nyttpass1', confirmPassword: 'nyttpass1' };
  expect(
    (await api.request({ method: 'POST', url: '/api/auth/reset-password', payload: reset })).statusCode,
  ).toBe(200);
  await api.request({ method: 'POST', url: '/api/auth/reset-password', payload: reset });
  await api.request({ method: 'GET', url: status });
  await api.request({ method: 'GET', url: '/api/auth/user', cookie: forgetful });

  const changer = await signInVerified(api, 'bytter@example.no');
  const change = { currentPassword: PASSWORD, newPassword: 'nyttpass2', confirmPassword: 'nyttpass2' };
  await api.request({ method: 'POST', url: '/api/auth/change-password', cookie: changer, payload: change });
  await api.request({ method: 'POST', url: '/api/auth/change-password', cookie: changer, payload: change });
  await api.request({ method: 'POST', url: '/api/auth/logout', cookie: changer });

  // Leaving: a user without binding bids may go; one whose bid still binds is refused.
  const leaver = await signInVerified(api, 'slutter@example.no');
  expect((await api.request({ method: 'DELETE', url: '/api/users/me', cookie: leaver })).statusCode).toBe(
    200,
  );
  const stayer = await signInVerified(api, 'bundet@example.no');
  const open = await createRoundAs(api, owner, { title: 'Rekkehus med bud som binder' });
  await placeBidOk(api, stayer, open.id, 4_100_000);
  expect((await api.request({ method: 'DELETE', url: '/api/users/me', cookie: stayer })).statusCode).toBe(
    409,
  );
}

/** An administrator: users, resets, edits, passwords, deletions; and 403 for everyone else. */
export async function administratorWalk(c: WalkContext) {
  const { api, contract, owner, bidder, bidderBidId } = c;
  const admin = await signInAdmin(api);
  c.admin = admin;
  const adminOps = operationsOf(contract.document).filter(
    (o) => o.template.startsWith('/api/admin/') || o.template === '/api/bid-rounds/all',
  );
  for (const { method, template } of adminOps) {
    const res = await api.request({
      method: method as 'GET',
      url: fill(template, unknownId),
      cookie: bidder,
    });
    expect(res.statusCode, `${method} ${template} as a bidder`).toBe(403);
  }

  for (const url of [
    '/api/admin/unverified-users',
    '/api/admin/all-users',
    '/api/admin/pending-password-resets',
    '/api/bid-rounds/all',
  ])
    await api.request({ method: 'GET', url, cookie: admin.cookie });

  const approveId = await createUnverifiedUser(api, 'godkjennes@example.no', 'Gunn');
  const rejectId = await createUnverifiedUser(api, 'avvises@example.no', 'Anders');
  expect(
    (
      await api.request({
        method: 'POST',
        url: `/api/admin/approve-user/${approveId}`,
        cookie: admin.cookie,
      })
    ).statusCode,
  ).toBe(200);
  await api.request({ method: 'POST', url: `/api/admin/approve-user/${approveId}`, cookie: admin.cookie });
  await api.request({ method: 'DELETE', url: `/api/admin/reject-user/${rejectId}`, cookie: admin.cookie });

  const bidderId = await userIdOf(api, 'budgiver@example.no');
  const edited = {
    firstName: 'Berit',
    lastName: 'Budgiver',
    email: 'budgiver@example.no',
    phone: '+47 48765432',
  };
  await api.request({
    method: 'PATCH',
    url: `/api/admin/users/${bidderId}`,
    cookie: admin.cookie,
    payload: edited,
  });
  await api.request({
    method: 'PATCH',
    url: `/api/admin/users/${bidderId}`,
    cookie: admin.cookie,
    payload: { ...edited, email: 'selger@example.no' },
  });
  await api.request({ method: 'GET', url: `/api/admin/users/${bidderId}/bids`, cookie: admin.cookie });
  await api.request({ method: 'GET', url: `/api/admin/users/${bidderId}/actions`, cookie: admin.cookie });
  await api.request({
    method: 'GET',
    url: `/api/bids/${bidderBidId}/financing-proof`,
    cookie: admin.cookie,
  });
  await api.request({
    method: 'POST',
    url: `/api/admin/users/${await userIdOf(api, 'bytter@example.no')}/change-password`,
    cookie: admin.cookie,
    payload: { newPassword: 'adminsatt1', confirmPassword: 'adminsatt1' },
  });

  // Two users who forgot their passwords: one request approved with a password, one rejected.
  for (const email of ['glemte1@example.no', 'glemte2@example.no']) {
    await signInVerified(api, email);
    await api.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  }
  const pending = (
    await api.request({ method: 'GET', url: '/api/admin/pending-password-resets', cookie: admin.cookie })
  ).json() as { id: string; user: { email: string } }[];
  const requestOf = (email: string) => pending.find((r) => r.user.email === email)?.id ?? unknownId();
  await api.request({
    method: 'POST',
    url: `/api/admin/approve-password-reset/${requestOf('glemte1@example.no')}`,
    cookie: admin.cookie,
    payload: { newPassword: 'adminsatt2', confirmPassword: 'adminsatt2' },
  });
  await api.request({
    method: 'DELETE',
    url: `/api/admin/reject-password-reset/${requestOf('glemte2@example.no')}`,
    cookie: admin.cookie,
  });

  // Deleting: a user goes, another administrator may not be deleted; a round with a bid is deleted.
  const idle = await userIdOf(api, 'godkjennes@example.no');
  expect(
    (await api.request({ method: 'DELETE', url: `/api/admin/users/${idle}`, cookie: admin.cookie }))
      .statusCode,
  ).toBe(200);
  const otherAdmin = await userIdOf(api, 'admin.skrivefeil@example.no');
  expect(
    (await api.request({ method: 'DELETE', url: `/api/admin/users/${otherAdmin}`, cookie: admin.cookie }))
      .statusCode,
  ).toBe(403);
  const doomed = await createRoundAs(api, owner, { title: 'Hytte som skal slettes' });
  await placeBidOk(api, bidder, doomed.id, 4_100_000);
  // The round's acts so far, as the admin's round view reads them (decision 036).
  expect(
    (
      await api.request({
        method: 'GET',
        url: `/api/admin/bid-rounds/${doomed.id}/acts`,
        cookie: admin.cookie,
      })
    ).statusCode,
  ).toBe(200);
  // Its stored chain, checked with its rows (decision 040).
  const verified = await api.request({
    method: 'GET',
    url: `/api/admin/bid-rounds/${doomed.id}/journal/verify`,
    cookie: admin.cookie,
  });
  expect(verified.json()).toMatchObject({ ok: true, length: 2 });
  expect(
    (
      await api.request({
        method: 'DELETE',
        url: `/api/admin/bid-rounds/${doomed.id}`,
        cookie: admin.cookie,
      })
    ).statusCode,
  ).toBe(200);

  // Unknown ids, for every operation that takes one.
  const validBodies: Record<string, object> = {
    '/api/bid-rounds/{id}': { title: 'Ukjent budrunde' },
    '/api/bid-rounds/{id}/starting-bid': { newStartingBid: 4_500_000 },
    '/api/bid-rounds/{id}/sms-notifications': { enabled: false },
    '/api/bid-rounds/{id}/photos': { imageUrls: [] },
    '/api/admin/users/{id}': edited,
    '/api/admin/users/{id}/change-password': { newPassword: 'adminsatt3' },
    '/api/admin/approve-password-reset/{id}': { newPassword: 'adminsatt3' },
    '/api/bid-rounds/{id}/bids/{bidId}/reject': {},
    '/api/passkeys/{id}': {},
    '/api/bid-rounds/{id}/viewings': viewingOn(osloDayAhead(30)),
    '/api/bid-rounds/{id}/co-bidders': { email: 'ukjent@example.no' },
    '/api/bid-rounds/{id}/my-answer': { answer: 'done' },
    '/api/bid-rounds/{id}/counter-offers': {
      bidId: unknownId(),
      amount: 4_500_000,
      deadline: '2099-01-01T12:00:00Z',
    },
  };
  for (const { method, template, operation } of operationsOf(contract.document)) {
    if (!uuidParams(operation)) continue;
    const res = await api.request({
      method: method as 'GET',
      url: fill(template, unknownId),
      cookie: template.startsWith('/api/admin/') ? admin.cookie : owner,
      ...(validBodies[template] ? { payload: validBodies[template] } : {}),
    });
    expect(res.statusCode, `${method} ${template} with an unknown id`).toBe(404);
  }
}
