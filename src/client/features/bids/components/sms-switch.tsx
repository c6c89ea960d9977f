import { Switch } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { showToast } from '../../../lib/toast';
import { useSetSmsNotifications } from '../api/use-bid-actions';

/**
 * The owner's 'SMS-varsler om nye bud' switch, bound to the round's setting: it turns text messages on or
 * off for the owner and every follower alike. Once the round has ended nothing more is sent, so it rests.
 */
export function SmsSwitch({ round, isOpen }: { round: BidRoundView; isOpen: boolean }) {
  const [checked, setChecked] = useState(round.smsNotificationsEnabled);
  const setSms = useSetSmsNotifications(round.id);

  // Follow the server's value when the rounds list is fetched again.
  useEffect(() => setChecked(round.smsNotificationsEnabled), [round.smsNotificationsEnabled]);

  const change = (enabled: boolean) => {
    setChecked(enabled);
    setSms.mutate(enabled, {
      onSuccess: () =>
        showToast(
          enabled
            ? {
                title: 'SMS varsler aktivert',
                message: 'Du vil nå få SMS når noen legger inn bud på denne eiendommen.',
              }
            : {
                title: 'SMS varsler deaktivert',
                message: 'Du vil ikke lenger få SMS om nye bud på denne eiendommen.',
              },
        ),
      onError: (error) => {
        setChecked(round.smsNotificationsEnabled);
        showToast({
          title: 'Feil ved endring av SMS innstillinger',
          message: error.message || 'Kunne ikke oppdatere SMS innstillinger. Prøv igjen.',
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <Switch
      label="SMS-varsler om nye bud"
      description={
        isOpen
          ? 'Gjelder hele budrunden: SMS om nye bud går til deg og til alle som følger budrunden.'
          : 'Budrunden er avsluttet. Det sendes ingen flere varsler.'
      }
      checked={checked}
      onChange={(event) => change(event.currentTarget.checked)}
      disabled={setSms.isPending || !isOpen}
    />
  );
}
