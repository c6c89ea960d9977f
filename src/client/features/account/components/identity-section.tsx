import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  IDENTITY_CONFIRMED,
  IDENTITY_FAILED,
  PERSON_TAKEN,
  PHONE_VERIFIED_LABEL,
} from '../../../../shared/rules/identity';
import type { CurrentUser } from '../../../../shared/schemas/user';
import { STATUS_COLORS } from '../../../app/theme';
import { apiJson } from '../../../lib/api';
import { useIdentityConfig } from '../../site/use-identity-config';
import { useIdentityOutcome } from '../../site/use-identity-outcome';

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
            ID bekreftet med {user.identity.provider}
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

function PhoneConfirmation({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const send = useMutation({
    mutationFn: () => apiJson<{ message: string }>('POST', '/api/users/me/phone/verification'),
    onSuccess: (answer) => setSent(answer.message),
  });
  const confirm = useMutation({
    mutationFn: () => apiJson<CurrentUser>('PUT', '/api/users/me/phone/verification', { code }),
    onSuccess: (updated) => queryClient.setQueryData(['/api/auth/user'], updated),
  });
  if (!user.phone) return null;
  if (user.phoneVerified)
    return (
      <Badge color={STATUS_COLORS.active} variant="filled" w="fit-content">
        {PHONE_VERIFIED_LABEL}
      </Badge>
    );
  return (
    <Stack gap={4}>
      <Text size="sm">
        Bekreft mobilnummeret ditt, så vet du at SMS-varslene om nye bud kommer frem. Et varsel til et feil
        nummer kan koste deg boligen.
      </Text>
      {sent ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate();
          }}
        >
          <Stack gap={4}>
            <Text size="sm">{sent}</Text>
            <Group gap="xs" align="flex-end">
              <TextInput
                label="Kode fra SMS"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                error={confirm.error?.message}
              />
              <Button type="submit" loading={confirm.isPending}>
                Bekreft
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Button variant="default" w="fit-content" onClick={() => send.mutate()} loading={send.isPending}>
          Send kode til {user.phone}
        </Button>
      )}
      {send.error ? (
        <Text size="sm" c="red.9">
          {send.error.message}
        </Text>
      ) : null}
    </Stack>
  );
}
