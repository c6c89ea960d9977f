import { Button, Loader, Paper, Stack, Text } from '@mantine/core';
import type { Signing } from '../api/use-bid-signing';

/**
 * What the confirm dialog says about signing (decision 039): the words the passkey signs, that the bid goes
 * unsigned (nothing said), or, when signing is required and the user has no passkey, the way to add one.
 */
export function SigningNotice({ signing, onAddPasskey }: { signing: Signing; onAddPasskey: () => void }) {
  if (signing.state === 'loading')
    return (
      <Text size="sm" c="dimmed">
        <Loader size="xs" mr="xs" />
        Henter teksten du signerer …
      </Text>
    );
  if (signing.state === 'ready')
    return (
      <Paper withBorder p="sm">
        <Stack gap={4}>
          <Text size="sm" fw={700}>
            Du signerer med passnøkkel:
          </Text>
          <Text size="sm" data-testid="signing-statement">
            «{signing.options.statement}»
          </Text>
          <Text size="xs" c="dimmed">
            Enheten din ber om fingeravtrykk, ansikt eller PIN-kode når du trykker «Signer og bekreft bud».
          </Text>
        </Stack>
      </Paper>
    );
  if (signing.state === 'needs-passkey')
    return (
      <Paper withBorder p="sm">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            <strong>Budet må signeres med passnøkkel.</strong> Legg til en passnøkkel under «Din profil» →
            «Passnøkler», og legg inn budet på nytt.
          </Text>
          <Button variant="light" size="xs" onClick={onAddPasskey}>
            Legg til passnøkkel
          </Button>
        </Stack>
      </Paper>
    );
  return null;
}
