import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { useNow } from '../../../lib/use-now';
import { useCurrentUser } from '../../auth/use-current-user';
import { useMySignups } from '../api/use-viewings';
import { AddViewingForm } from './add-viewing-form';
import { ViewingItem } from './viewing-item';

const isOpenAt = (round: BidRoundView, now: Date) =>
  !round.isClosed && round.isActive && Date.parse(round.deadline) > now.getTime();

/**
 * 'Visninger' on the round page (decision 045): each viewing in Oslo time, for download to a calendar and to
 * sign up for; for the owner and admins the form to add one and each viewing's visningsliste. The round's
 * own query carries the viewings, and the live events the round, so a new viewing shows without a reload.
 */
export function RoundViewings({ round }: { round: BidRoundView }) {
  const titleId = useId();
  const now = useNow(30_000);
  const { user } = useCurrentUser();
  const canManage = round.isOwner || Boolean(user?.isAdmin);
  const open = isOpenAt(round, now);
  const signsUp = Boolean(user) && !round.isOwner;
  const mine = useMySignups(round.id, signsUp && round.viewings.length > 0);
  // A decided or ended round offers its viewings to no one; its owner and admins keep the lists.
  if (!open && !canManage) return null;
  if (round.viewings.length === 0 && !(canManage && open)) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId} data-testid="round-viewings">
      <Title order={3} size="h5" id={titleId}>
        Visninger
      </Title>
      {round.viewings.length > 0 ? (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {round.viewings.map((viewing) => (
            <ViewingItem
              key={viewing.id}
              roundId={round.id}
              viewing={viewing}
              now={now}
              open={open}
              canManage={canManage}
              signedUp={signsUp ? (mine.data?.viewingIds.includes(viewing.id) ?? false) : null}
            />
          ))}
        </Stack>
      ) : (
        <Text size="sm">Ingen visninger er lagt inn ennå.</Text>
      )}
      {canManage && open ? <AddViewingForm roundId={round.id} now={now} /> : null}
    </Stack>
  );
}
