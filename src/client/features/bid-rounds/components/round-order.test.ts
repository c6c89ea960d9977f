import { describe, expect, it } from 'vitest';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { endedRounds, pickRoundToUnfold } from './round-order';

const NOW = new Date('2025-05-01T12:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

function round(id: string, fields: Partial<BidRoundView> = {}): BidRoundView {
  return {
    id,
    deadline: at(24),
    minimumBidDeadline: null,
    isActive: true,
    isClosed: false,
    closedAt: null,
    closeReason: null,
    winningBidId: null,
    smsNotificationsEnabled: false,
    createdAt: at(-48),
    property: {
      title: id,
      address: 'Gate 1',
      description: null,
      imageUrl: null,
      size: null,
      rooms: null,
      buildYear: null,
      floor: null,
      price: 1_000_000,
      ownerId: null,
      owner: null,
    },
    highestBid: null,
    bidCount: 0,
    liveBidCount: 0,
    isOwner: false,
    hasBid: false,
    ...fields,
  };
}

describe('pickRoundToUnfold', () => {
  it('unfolds the open round nearest its deadline, never a closed or expired one', () => {
    const rounds = [
      round('later', { deadline: at(48) }),
      round('expired', { deadline: at(-1) }),
      round('closed', { deadline: at(2), isClosed: true }),
      round('soon', { deadline: at(5) }),
    ];
    expect(pickRoundToUnfold(rounds, NOW)).toBe('soon');
  });

  it('prefers a round the user owns or has bid on', () => {
    const rounds = [round('other', { deadline: at(1) }), round('mine', { deadline: at(30), isOwner: true })];
    expect(pickRoundToUnfold(rounds, NOW)).toBe('mine');
  });

  it('unfolds none when no round is open', () => {
    expect(pickRoundToUnfold([round('closed', { isClosed: true })], NOW)).toBeNull();
    expect(pickRoundToUnfold([], NOW)).toBeNull();
  });
});

describe('endedRounds', () => {
  it('keeps closed and expired rounds, most recently ended first', () => {
    const rounds = [
      round('open'),
      round('old', { isClosed: true, closedAt: at(-30) }),
      round('expired', { deadline: at(-2) }),
      round('recent', { isClosed: true, closedAt: at(-1) }),
    ];
    expect(endedRounds(rounds, NOW).map((r) => r.id)).toEqual(['recent', 'expired', 'old']);
  });
});
