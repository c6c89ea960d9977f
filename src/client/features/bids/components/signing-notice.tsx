import { Alert, Button, Loader, Paper, Stack, Text } from '@mantine/core';
import type { Signing } from '../api/use-bid-signing';

interface SigningNoticeProps {
  signing: Signing;
  /** Off to 'Passnøkler' to add one; without it the notice says where to go. */
  onAddPasskey?: () => void;
  /** The button that signs, as the hint names it. */
  confirmLabel?: string;
  /** What must be signed, when signing is required and the user has no passkey. */
  mustSign?: string;
}

/**
 * What a confirm dialog says about signing (decisions 039, 041): the words the passkey signs, that the act
 * goes unsigned (nothing said), or, when signing is required and the user has no passkey, the way to add one.
 */
export function SigningNotice(props: SigningNoticeProps) {
  const { signing, onAddPasskey } = props;
  const confirmLabel = props.confirmLabel ?? 'Signer og bekreft bud';
  const mustSign = props.mustSign ?? 'Budet må signeres med passnøkkel.';
  const retry = props.mustSign ? 'og prøv igjen' : 'og legg inn budet på nytt';
  if (signing.state === 'loading')
    return (
      <Text size="sm" c="dimmed">
        <Loader size="xs" mr="xs" />
        Henter teksten du signerer …
      </Text>
    );
  if (signing.state === 'failed')
    return (
      <Alert color="red.9" variant="outline" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{signing.reason}</Text>
          <Button variant="light" size="xs" onClick={signing.retry}>
            Prøv igjen
          </Button>
        </Stack>
      </Alert>
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
            Enheten din ber om fingeravtrykk, ansikt eller PIN-kode når du trykker «{confirmLabel}».
          </Text>
        </Stack>
      </Paper>
    );
  if (signing.state === 'needs-passkey')
    return (
      <Paper withBorder p="sm">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            <strong>{mustSign}</strong> Legg til en passnøkkel under «Din profil» → «Passnøkler», {retry}.
          </Text>
          {onAddPasskey ? (
            <Button variant="light" size="xs" onClick={onAddPasskey}>
              Legg til passnøkkel
            </Button>
          ) : null}
        </Stack>
      </Paper>
    );
  return null;
}
