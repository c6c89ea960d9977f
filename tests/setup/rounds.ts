import { expect } from 'vitest';
import type { BidRoundView } from '../../src/shared/schemas/bid-round';
import type { TestApp } from './test-app';

const DAY = 86_400_000;
export const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
export const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

export async function createRoundAs(
  t: TestApp,
  cookie: string,
  overrides: Record<string, unknown> = {},
): Promise<BidRoundView> {
  const res = await t.request({
    method: 'POST',
    url: '/api/bid-round',
    cookie,
    payload: {
      title: 'Koselig enebolig',
      address: 'Solveien 12, 1357 Bekkestua',
      startingPrice: 4_000_000,
      deadline: inDays(3),
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export function placeBid(
  t: TestApp,
  cookie: string,
  bidRoundId: string,
  amount: number,
  overrides: Record<string, unknown> = {},
) {
  return t.request({
    method: 'POST',
    url: '/api/bids',
    cookie,
    payload: { bidRoundId, amount, conditions: '', bidDeadline: inHours(6), ...overrides },
  });
}

export async function placeBidOk(
  t: TestApp,
  cookie: string,
  bidRoundId: string,
  amount: number,
  overrides = {},
) {
  const res = await placeBid(t, cookie, bidRoundId, amount, overrides);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().bid as { id: string; amount: number };
}
