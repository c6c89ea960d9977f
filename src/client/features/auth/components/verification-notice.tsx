import { Alert, Button, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { showToast } from '../../../lib/toast';
import { useResendVerification } from '../api/use-auth-actions';

/** Shown in the login dialog when the account exists but its e-mail is not verified yet. */
export function VerificationNotice({ email }: { email: string }) {
  const resend = useResendVerification();
  const send = () =>
    resend.mutate(email, {
      onSuccess: () =>
        showToast({
          title: 'E-post sendt!',
          message: 'En ny verifiserings e-post er sendt. Sjekk innboksen din.',
        }),
      onError: () =>
        showToast({
          title: 'Feil ved sending',
          message: 'Kunne ikke sende verifiserings e-post.',
          variant: 'destructive',
        }),
    });
  return (
    <Alert color="blue" title="E-postverifisering påkrevd" icon={<IconMailExclamation aria-hidden />}>
      <Text size="sm">
        Du må verifisere e-postadressen din før du kan logge inn. Sjekk innboksen din for verifiseringslenke.
      </Text>
      <Button mt="sm" size="xs" variant="white" onClick={send} loading={resend.isPending}>
        Send verifiserings e-post på nytt
      </Button>
    </Alert>
  );
}
