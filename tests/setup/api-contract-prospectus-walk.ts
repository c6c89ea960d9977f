import { expect } from 'vitest';
import { signInVerified } from './admin';
import { unknownId, type WalkContext } from './api-contract-walks';
import { makePdf, putProspectus } from './prospectus';
import { createRoundAs } from './rounds';

/**
 * The salgsoppgave (decision 044): uploaded, replaced, downloaded and removed, with the refusals the document
 * lists (400 for a file that is not a PDF, 403 for someone else's round, 404 for an unknown round or none).
 */
export async function prospectusWalk({ api }: WalkContext) {
  const owner = await signInVerified(api, 'salgsoppgave.selger@example.no');
  const buyer = await signInVerified(api, 'salgsoppgave.kjoper@example.no');
  const round = await createRoundAs(api, owner, { title: 'Salgsoppgave-runden' });
  const url = `/api/bid-rounds/${round.id}/prospectus`;
  const pdf = await makePdf('Salgsoppgave');

  expect((await api.request({ method: 'GET', url, cookie: buyer })).statusCode).toBe(404);
  expect((await putProspectus(api, owner, round.id, Buffer.from('ikke en pdf'))).statusCode).toBe(400);
  expect((await putProspectus(api, buyer, round.id, pdf)).statusCode).toBe(403);
  expect((await putProspectus(api, owner, unknownId(), pdf)).statusCode).toBe(404);
  expect((await putProspectus(api, owner, round.id, pdf)).statusCode).toBe(200);
  expect((await putProspectus(api, owner, round.id, await makePdf('Ny'))).statusCode).toBe(200);
  const download = await api.request({ method: 'GET', url, cookie: buyer });
  expect(download.statusCode).toBe(200);
  expect((await api.request({ method: 'DELETE', url, cookie: buyer })).statusCode).toBe(403);
  expect((await api.request({ method: 'DELETE', url, cookie: owner })).statusCode).toBe(200);
  expect((await api.request({ method: 'DELETE', url, cookie: owner })).statusCode).toBe(404);
}
