import { Badge, Group } from '@mantine/core';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { STATUS_COLORS } from '../../../app/theme';

/** 'Aktiv' only while the round is open and its deadline is ahead (SPEC §4); otherwise 'Lukket'. */
export function isRoundOpen(round: BidRoundView, now: Date): boolean {
  return round.isActive && !round.isClosed && new Date(round.deadline) > now;
}

export function RoundBadges({ round, now }: { round: BidRoundView; now: Date }) {
  const open = isRoundOpen(round, now);
  return (
    <Group gap={6}>
      <Badge variant="filled" color={open ? STATUS_COLORS.active : STATUS_COLORS.closed}>
        {open ? 'Aktiv' : 'Lukket'}
      </Badge>
      {round.isOwner ? (
        <Badge variant="filled" color="blue.8">
          Din eiendom
        </Badge>
      ) : null}
      {round.hasBid ? (
        <Badge variant="filled" color="grape.9">
          Du har budt
        </Badge>
      ) : null}
    </Group>
  );
}
