import { Button, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { NarrowCardPage } from '../../components/narrow-card-page';
import { ApiError, apiJson } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';

const INVALID_LINK = 'Ugyldig verifikasjonslenke';
const GENERIC_ERROR = 'Noe gikk galt under verifiseringen';

interface VerifyEmailResponse {
  verified: boolean;
  message: string;
}

/**
 * /verify-email?token=…: confirms the address once. A query, not an effect, so React StrictMode's double
 * mount does not spend the single-use token twice.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Bekreft e-postadresse');
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';

  const query = useQuery({
    queryKey: ['/api/auth/verify-email', token],
    queryFn: () =>
      apiJson<VerifyEmailResponse>('GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`),
    enabled: token !== '',
    retry: false,
  });

  if (token !== '' && query.isPending) {
    return (
      <NarrowCardPage>
        <Stack align="center" gap="md" role="status">
          <Loader aria-hidden />
          <Title order={1} size="h3" ta="center">
            Verifiserer e-postadressen din...
          </Title>
        </Stack>
      </NarrowCardPage>
    );
  }

  if (query.data?.verified) {
    return (
      <NarrowCardPage>
        <Stack align="center" gap="md">
          <ThemeIcon color="green" variant="light" size={56} radius="xl" aria-hidden>
            <IconCircleCheck size={36} />
          </ThemeIcon>
          <Title order={1} size="h2" ta="center">
            E-postadressen er bekreftet
          </Title>
          <Text ta="center">{query.data.message}</Text>
          <Button onClick={() => navigate('/?login=1')}>Gå til innlogging</Button>
        </Stack>
      </NarrowCardPage>
    );
  }

  let message = INVALID_LINK;
  if (token !== '') {
    message = query.error instanceof ApiError && query.error.message ? query.error.message : GENERIC_ERROR;
    if (query.data && !query.data.verified) message = query.data.message || GENERIC_ERROR;
  }
  return (
    <NarrowCardPage>
      <Stack align="center" gap="md">
        <ThemeIcon color="red" variant="light" size={56} radius="xl" aria-hidden>
          <IconCircleX size={36} />
        </ThemeIcon>
        <Title order={1} size="h2" ta="center">
          Verifisering mislyktes
        </Title>
        <Text ta="center" role="alert">
          {message}
        </Text>
        <Button variant="default" onClick={() => navigate('/')}>
          Tilbake til forsiden
        </Button>
      </Stack>
    </NarrowCardPage>
  );
}
