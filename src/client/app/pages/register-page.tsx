import { Container, Paper, Stack, Title } from '@mantine/core';
import { RegistrationForm } from '../../features/auth/components/registration-form';
import { useDocumentTitle } from '../../lib/use-document-title';

const TITLE = 'Registrer deg som budgiver';

/** /register: the registration form on its own page, without a cancel button. */
export function RegisterPage() {
  useDocumentTitle(TITLE);
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{TITLE}</Title>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <RegistrationForm />
        </Paper>
      </Stack>
    </Container>
  );
}
