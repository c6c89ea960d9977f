import { describe, expect, it } from 'vitest';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { endedRounds, pickRoundsToUnfold } from './round-order';

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
      imageUrls: [],
      prospectus: null,
      size: null,
      rooms: null,
      buildYear: null,
      floor: null,
      price: 1_000_000,
      ownerId: null,
      owner: null,
    },
    viewings: [],
    minimumBidDeadlineReason: null,
    changes: [],
    highestBid: null,
    bidCount: 0,
    liveBidCount: 0,
    isOwner: false,
    hasBid: false,
    ...fields,
  };
}

describe('pickRoundsToUnfold', () => {
  const picked = (rounds: BidRoundView[]) => [...pickRoundsToUnfold(rounds, NOW)].sort();

  it('unfolds every open round the user owns or has bid on, and no other', () => {
    const rounds = [
      round('other', { deadline: at(1) }),
      round('mine', { deadline: at(30), isOwner: true }),
      round('bid-on', { deadline: at(50), hasBid: true }),
      round('mine-too', { deadline: at(60), isOwner: true }),
      round('mine-closed', { deadline: at(2), isOwner: true, isClosed: true }),
      round('bid-on-expired', { deadline: at(-1), hasBid: true }),
    ];
    expect(picked(rounds)).toEqual(['bid-on', 'mine', 'mine-too']);
  });

  it('with none of the user’s own, unfolds the open round nearest its deadline, never a closed or expired one', () => {
    const rounds = [
      round('later', { deadline: at(48) }),
      round('expired', { deadline: at(-1) }),
      round('closed', { deadline: at(2), isClosed: true }),
      round('soon', { deadline: at(5) }),
    ];
    expect(picked(rounds)).toEqual(['soon']);
  });

  it('unfolds none when no round is open', () => {
    expect(picked([round('closed', { isClosed: true })])).toEqual([]);
    expect(picked([])).toEqual([]);
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
