import { Alert, Button, Group, Loader, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatShortDateTime } from '../../../../shared/format/date';
import type { PasskeyView } from '../../../../shared/schemas/passkey';
import { Form, SubmitButton } from '../../../components/form';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/use-passkeys';

const NAME_MAX = 60;

/** What a failed call or a refused WebAuthn prompt means to the user. */
function problemOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError')
    return 'Handlingen ble avbrutt, eller enheten tillot den ikke. Prøv igjen.';
  if (name === 'InvalidStateError') return 'Denne enheten har allerede en passnøkkel for kontoen din.';
  return 'Nettleseren eller enheten din støtter ikke passnøkler.';
}

/** 'Din profil' → 'Passnøkler': the user's passkeys, with a way to add one and to remove each. */
export function PasskeysDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Passnøkler" centered size="lg">
      <PasskeysPanel />
    </Modal>
  );
}

function PasskeysPanel() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  // Shown once the server asks for it: the login is more than 10 minutes old.
  const [needsPassword, setNeedsPassword] = useState(false);

  const failed = (title: string) => (error: unknown) => {
    if (error instanceof ApiError && error.status === 403) {
      setNeedsPassword(true);
      return;
    }
    showToast({ title, message: problemOf(error), variant: 'destructive' });
  };

  const addOne = (e: React.FormEvent) => {
    e.preventDefault();
    add.mutate(
      { name, password },
      {
        onSuccess: ({ passkey }) => {
          setName('');
          showToast({
            title: 'Passnøkkel lagt til',
            message: `«${passkey.name}» kan nå brukes til å logge inn.`,
          });
        },
        onError: failed('Passnøkkelen ble ikke lagt til'),
      },
    );
  };
  const removeOne = (passkey: PasskeyView) =>
    remove.mutate(
      { id: passkey.id, password },
      {
        onSuccess: () => showToast({ title: 'Passnøkkel fjernet', message: `«${passkey.name}» er fjernet.` }),
        onError: failed('Passnøkkelen ble ikke fjernet'),
      },
    );

  const list = passkeys.data?.passkeys ?? [];
  return (
    <Stack gap="md">
      <Text size="sm">
        Med en passnøkkel logger du inn med fingeravtrykk, ansikt eller PIN-kode på enheten din, uten passord.
        Nøkkelen blir på enheten; Budrunde lagrer bare den offentlige delen.
      </Text>
      {passkeys.isLoading ? (
        <Loader role="status" aria-label="Henter passnøkler" size="sm" />
      ) : passkeys.isError ? (
        <Alert color="red" role="alert" title="Kunne ikke hente passnøklene">
          {problemOf(passkeys.error)}
        </Alert>
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm">
          Du har ingen passnøkler ennå.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Dine passnøkler">
          {list.map((passkey) => (
            <Paper component="li" withBorder radius="md" p="sm" key={passkey.id}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {passkey.name}
                  </Text>
                  <Text size="sm">Lagt til {formatShortDateTime(passkey.createdAt)}</Text>
                  <Text size="sm">
                    {passkey.lastUsedAt
                      ? `Sist brukt ${formatShortDateTime(passkey.lastUsedAt)}`
                      : 'Ikke brukt til innlogging ennå'}
                  </Text>
                </Stack>
                <Button
                  variant="subtle"
                  color="red"
                  c="red.9"
                  onClick={() => removeOne(passkey)}
                  loading={remove.isPending && remove.variables?.id === passkey.id}
                  aria-label={`Fjern passnøkkelen ${passkey.name}`}
                >
                  Fjern
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {needsPassword ? (
        <Stack gap="xs">
          <Alert color="blue" title="Bekreft at det er deg">
            Skriv inn passordet ditt på nytt for å endre passnøkler. Det trengs når du logget inn for mer enn
            10 minutter siden.
          </Alert>
          <PasswordInput
            label="Passord"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            data-autofocus
          />
        </Stack>
      ) : null}
      <Form onSubmit={addOne}>
        <Stack gap="sm">
          <TextInput
            label="Navn på ny passnøkkel"
            description="Valgfritt, for eksempel «Mobilen min»"
            maxLength={NAME_MAX}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <SubmitButton loading={add.isPending}>Legg til passnøkkel</SubmitButton>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
