import { Box, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { emailSchema } from '../../../../shared/schemas/auth';
import { Form, SubmitButton } from '../../../components/form';
import { ApiError } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { useForgotPassword } from '../api/use-auth-actions';

interface ForgotPasswordBoxProps {
  initialEmail: string;
  title?: string;
  intro?: string;
}

/** The server's word on the address, if it refused the address itself; otherwise null. */
function emailErrorFrom(error: Error): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  return error.errors?.find((e) => e.path === 'email')?.message ?? null;
}

/** The inline 'Glemt passordet?' box in the login dialog, also offered where a reset link has run out. */
export function ForgotPasswordBox({
  initialEmail,
  title = 'Tilbakestill passord',
  intro = 'Skriv inn e-postadressen din, så sender vi deg en lenke for å velge nytt passord.',
}: ForgotPasswordBoxProps) {
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const forgot = useForgotPassword();

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    // The same rule the server applies, so a typo is pointed out at the field instead of a vague toast.
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'Ugyldig e-postadresse');
      return;
    }
    setEmailError(null);
    forgot.mutate(parsed.data, {
      onSuccess: () =>
        showToast({
          title: 'E-post sendt!',
          message: 'Hvis e-postadressen er registrert, har vi sendt en lenke for å tilbakestille passordet.',
        }),
      onError: (error) => {
        const fieldError = emailErrorFrom(error);
        if (fieldError) {
          setEmailError(fieldError);
          return;
        }
        showToast({
          title: 'Feil ved sending',
          message: 'Kunne ikke sende tilbakestillingslenke.',
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <Paper withBorder p="md" bg="gray.0">
      <Form onSubmit={send}>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {title}
          </Text>
          <Text size="sm">{intro}</Text>
          <TextInput
            label="E-post for tilbakestilling"
            type="email"
            autoComplete="email"
            value={email}
            error={emailError}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setEmailError(null);
            }}
            // The button sits beside the input itself, so an error message below does not push it out of line;
            // where the input would get too narrow for an address, the button moves below it.
            inputContainer={(input) => (
              <Group gap="xs" align="flex-start">
                <Box flex="1 1 9rem">{input}</Box>
                <SubmitButton disabled={!email.trim() || forgot.isPending} loading={forgot.isPending}>
                  Send lenke
                </SubmitButton>
              </Group>
            )}
          />
        </Stack>
      </Form>
    </Paper>
  );
}
