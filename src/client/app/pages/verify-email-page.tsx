import { Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { NarrowCardPage, ResultCard } from '../../components/narrow-card-page';
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
      <ResultCard
        tone="success"
        title="E-postadressen er bekreftet"
        message={query.data.message}
        action={{ label: 'Gå til innlogging', onClick: () => navigate('/?login=1') }}
      />
    );
  }

  let message = INVALID_LINK;
  if (token !== '') {
    message = query.error instanceof ApiError && query.error.message ? query.error.message : GENERIC_ERROR;
    if (query.data && !query.data.verified) message = query.data.message || GENERIC_ERROR;
  }
  return (
    <ResultCard
      tone="error"
      title="Verifisering mislyktes"
      message={message}
      action={{ label: 'Tilbake til forsiden', onClick: () => navigate('/') }}
    />
  );
}
