import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { NO_ACCOUNT_FOR_IDENTITY } from '../../../shared/rules/identity';
import { RegistrationForm } from '../../features/auth/components/registration-form';
import { useIdentityConfig } from '../../features/site/use-identity-config';
import { useIdentityOutcome } from '../../features/site/use-identity-outcome';
import { useDocumentTitle } from '../../lib/use-document-title';

const TITLE = 'Registrer deg som budgiver';

/** /register: the registration form on its own page, without a cancel button. */
export function RegisterPage() {
  useDocumentTitle(TITLE);
  const fromProvider = useIdentityOutcome() === 'ingen-konto';
  const provider = useIdentityConfig()?.providerName ?? 'BankID';
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{TITLE}</Title>
        {fromProvider ? (
          // After logging in with the eID provider as a person with no account (decision 064).
          <Stack gap={4}>
            <Title order={2} size="h3">
              {NO_ACCOUNT_FOR_IDENTITY(provider)}
            </Title>
            <Text>Registrer deg, så blir kontoen din knyttet til den bekreftede identiteten din.</Text>
          </Stack>
        ) : null}
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <RegistrationForm />
        </Paper>
      </Stack>
    </Container>
  );
}
