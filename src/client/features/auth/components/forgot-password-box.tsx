import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../../lib/toast';
import { useForgotPassword } from '../api/use-auth-actions';

/** The inline 'Glemt passordet?' box in the login dialog. */
export function ForgotPasswordBox({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const forgot = useForgotPassword();
  const send = () =>
    forgot.mutate(email.trim(), {
      onSuccess: () =>
        showToast({
          title: 'E-post sendt!',
          message: 'Hvis e-postadressen er registrert, har vi sendt en lenke for å tilbakestille passordet.',
        }),
      onError: () =>
        showToast({
          title: 'Feil ved sending',
          message: 'Kunne ikke sende tilbakestillingslenke.',
          variant: 'destructive',
        }),
    });
  return (
    <Paper withBorder p="md" bg="gray.0">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Tilbakestill passord
        </Text>
        <Text size="sm">
          Skriv inn e-postadressen din, så sender vi deg en lenke for å velge nytt passord.
        </Text>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="E-post for tilbakestilling"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button onClick={send} disabled={!email.trim() || forgot.isPending} loading={forgot.isPending}>
            Send lenke
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
