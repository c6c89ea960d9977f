import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatShortDateTime } from '../../../../shared/format/date';
import type { AdminUserView } from '../../../../shared/schemas/admin';
import { VerificationBadges } from '../../bids/components/verification-badges';
import { toastOutcome } from '../api/admin-toasts';
import { useReleaseIdentity } from '../api/use-admin-actions';
import { fullName } from './admin-table';

/**
 * The user dialog's 'Identitet': whether the person is verified with the eID and the mobile number confirmed,
 * and, for a verified person, releasing the verification after an account was lost (decision 064). The
 * release asks once more in place, since it unlinks a person from the account their bids were signed with.
 */
export function UserIdentity({ user }: { user: AdminUserView }) {
  const release = useReleaseIdentity();
  const [asking, setAsking] = useState(false);
  const identity = user.identity;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Identitet
      </Title>
      <VerificationBadges identityVerified={identity !== null} phoneVerified={user.phoneVerified} />
      {identity ? (
        <Text size="sm">
          {identity.name}
          {identity.birthYear ? `, født ${identity.birthYear}` : ''}. Bekreftet med {identity.provider}{' '}
          {formatShortDateTime(identity.verifiedAt)}.
        </Text>
      ) : null}
      {identity && !asking ? (
        <Button variant="outline" color="red.9" size="xs" w="fit-content" onClick={() => setAsking(true)}>
          Frigi {identity.provider}-bekreftelsen
        </Button>
      ) : null}
      {identity && asking ? (
        <Paper
          withBorder
          p="sm"
          radius="md"
          role="group"
          aria-label={`Frigi ${identity.provider}-bekreftelsen?`}
        >
          <Stack gap="xs">
            <Text size="sm" fw={700}>
              Frigi {identity.provider}-bekreftelsen?
            </Text>
            <Text size="sm">
              Kontoen til {fullName(user)} blir stående uten bekreftet identitet, og personen kan bekrefte en
              annen konto. Signerte bud og budjournaler endres ikke. Handlingen logges.
            </Text>
            <Group gap="xs">
              <Button
                color="red.9"
                size="xs"
                loading={release.isPending}
                onClick={() =>
                  release.mutate(
                    user.id,
                    toastOutcome(
                      {
                        title: 'Bekreftelsen er frigitt',
                        message: `${fullName(user)} har ikke lenger en bekreftet identitet.`,
                      },
                      'Feil ved frigiving',
                      () => setAsking(false),
                    ),
                  )
                }
              >
                Ja, frigi
              </Button>
              <Button variant="default" size="xs" onClick={() => setAsking(false)}>
                Avbryt
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
