import { getOsloParts } from '../format/date';

// Whether every bidder was told of the latest bid before the seller accepts one (decision 066): pure, so
// that the winner dialog and the server judge alike.

/** A live bidder's state for the highest live bid, as GET /api/owner/bid-rounds/{id}/bidders gives it. */
export interface BidderNoticeState {
  label: string;
  isLeading: boolean;
  notifiedAt: string | null;
  notifiedChannels: ('sms' | 'email')[];
  seenAt: string | null;
  answer: 'done' | 'considering' | null;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
/** '14:02', in Norway. */
export const clockTime = (at: Date | string) => {
  const p = getOsloParts(at);
  return `${pad2(p.hour)}:${pad2(p.minute)}`;
};

/** 'SMS og e-post', 'e-post', 'SMS'. */
export const channelWords = (channels: readonly ('sms' | 'email')[]) =>
  [channels.includes('sms') ? 'SMS' : null, channels.includes('email') ? 'e-post' : null]
    .filter(Boolean)
    .join(' og ');

/** The guard's time: while the highest live bid is younger than FAIR_NOTICE_MINUTES. */
export function guardOpen(highestBidAt: string | Date | null, now: Date, minutes: number): boolean {
  if (!highestBidAt) return false;
  return now.getTime() - new Date(highestBidAt).getTime() < minutes * 60_000;
}

/** The other live bidders (not the one chosen, not the one who placed the latest bid). */
const others = <T extends BidderNoticeState>(states: readonly T[], chosenLabel: string | null) =>
  states.filter((b) => !b.isLeading && b.label !== chosenLabel);

/** The other live bidders who have neither seen nor answered the latest bid. */
export function unseenBidders<T extends BidderNoticeState>(
  states: readonly T[],
  chosenLabel: string | null,
): T[] {
  return others(states, chosenLabel).filter((b) => !b.seenAt && !b.answer);
}

/** Every other live bidder (at least one) has answered 'Byr ikke mer'. */
export function allOthersDone(states: readonly BidderNoticeState[], chosenLabel: string | null): boolean {
  const rest = others(states, chosenLabel);
  return rest.length > 0 && rest.every((b) => b.answer === 'done');
}

/** 'Budgiver B har ikke sett det siste budet ennå (varslet 14:02 på SMS og e-post).' */
export function unseenSentence(b: BidderNoticeState): string {
  const told =
    b.notifiedAt && b.notifiedChannels.length
      ? `varslet ${clockTime(b.notifiedAt)} på ${channelWords(b.notifiedChannels)}`
      : 'ikke varslet ennå';
  return `${b.label} har ikke sett det siste budet ennå (${told}).`;
}

export const ALL_OTHERS_DONE = 'Alle andre budgivere har svart at de ikke byr mer.';
export const OVERRIDE_LABEL = 'Jeg vil likevel velge vinner nå';
