import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CURRENT_USER_KEY } from '../../../../shared/query-keys';
import { PHONE_VERIFIED_LABEL } from '../../../../shared/rules/identity';
import type { CurrentUser } from '../../../../shared/schemas/user';
import { STATUS_COLORS } from '../../../app/theme';
import { apiJson } from '../../../lib/api';
import { showToast } from '../../../lib/toast';

/**
 * Confirming the profile's mobile number with a 6-digit SMS code (decision 064): a button that sends the
 * code, then the code's field. In 'Din profil', and on a round that sends SMS to a bidder not yet confirmed.
 */
export function PhoneConfirmation({ user, intro = WHY }: { user: CurrentUser; intro?: string }) {
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const send = useMutation({
    mutationFn: () => apiJson<{ message: string }>('POST', '/api/users/me/phone/verification'),
    onSuccess: (answer) => setSent(answer.message),
  });
  const confirm = useMutation({
    mutationFn: () => apiJson<CurrentUser>('PUT', '/api/users/me/phone/verification', { code }),
    onSuccess: (updated) => {
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
      showToast({ title: PHONE_VERIFIED_LABEL, message: `SMS-varslene går til ${updated.phone}.` });
    },
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
      <Text size="sm">{intro}</Text>
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

const WHY =
  'Bekreft mobilnummeret ditt, så vet du at SMS-varslene om nye bud kommer frem. Et varsel til et feil nummer kan koste deg boligen.';
