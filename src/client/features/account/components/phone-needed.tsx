import { Paper, Text } from '@mantine/core';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { useCurrentUser } from '../../auth/use-current-user';
import { PhoneConfirmation } from './phone-confirmation';

/**
 * On a round that sends SMS about new bids, a bidder whose mobile number is not confirmed is asked to
 * confirm it here, in place (decision 064): a notice to a mistyped number is a house lost.
 */
export function PhoneNeeded({ round }: { round: Pick<BidRoundView, 'smsNotificationsEnabled'> }) {
  const { user } = useCurrentUser();
  if (!user || !round.smsNotificationsEnabled || user.phoneVerified) return null;
  return (
    <Paper withBorder p="sm" radius="md">
      {user.phone ? (
        <PhoneConfirmation
          user={user}
          intro={`Denne budrunden sender SMS om nye bud. Bekreft at ${user.phone} er mobilnummeret ditt, så vet du at varslene kommer frem.`}
        />
      ) : (
        <Text size="sm">
          Denne budrunden sender SMS om nye bud. Legg inn mobilnummeret ditt under «Din profil» for å få dem.
        </Text>
      )}
    </Paper>
  );
}
