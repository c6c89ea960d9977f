import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  IDENTITY_CONFIRMED,
  IDENTITY_FAILED,
  identityVerifiedLabel,
  PERSON_TAKEN,
} from '../../../../shared/rules/identity';
import type { CurrentUser } from '../../../../shared/schemas/user';
import { STATUS_COLORS } from '../../../app/theme';
import { useIdentityConfig } from '../../site/use-identity-config';
import { useIdentityOutcome } from '../../site/use-identity-outcome';
import { PhoneConfirmation } from './phone-confirmation';

/** 'Din profil': the identity verified with the eID provider, and the confirmed mobile number (decision 064). */
export function IdentitySection({ user }: { user: CurrentUser }) {
  const config = useIdentityConfig();
  const outcome = useIdentityOutcome();
  const provider = config?.providerName ?? 'BankID';
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Identitet
      </Title>
      {outcome === 'bekreftet' && user.identity ? (
        <Alert color={STATUS_COLORS.active} variant="filled" title={IDENTITY_CONFIRMED} />
      ) : outcome === 'mislyktes' ? (
        <Alert color="red.9" variant="filled" title={IDENTITY_FAILED} />
      ) : outcome === 'annen-konto' ? (
        <Alert color="red.9" variant="filled" title={PERSON_TAKEN} />
      ) : null}
      {user.identity ? (
        <Group gap="xs">
          <Badge color={STATUS_COLORS.active} variant="filled">
            {identityVerifiedLabel(user.identity.provider)}
          </Badge>
          <Text size="sm">
            {user.identity.name}
            {user.identity.birthYear ? `, født ${user.identity.birthYear}` : ''}
          </Text>
        </Group>
      ) : config?.available ? (
        <Stack gap={4}>
          <Text size="sm">
            Når identiteten din er bekreftet, vet selgeren at budet kommer fra en ekte person, og budene dine
            signeres med navnet og fødselsdatoen din.
          </Text>
          <Button component="a" href="/api/identity/start?returnTo=/" variant="light" w="fit-content">
            Bekreft identiteten din med {provider}
          </Button>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Identiteten din er ikke bekreftet.
        </Text>
      )}
      <PhoneConfirmation user={user} />
    </Stack>
  );
}
