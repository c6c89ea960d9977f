import { Alert } from '@mantine/core';
import { IDENTITY_FAILED, type IdentityOutcome } from '../../../../shared/rules/identity';

// The words a password login gives for the same refusals (login.service.ts), so both ways in say one thing.
const SAID: Partial<Record<IdentityOutcome, { title: string; text?: string }>> = {
  mislyktes: { title: IDENTITY_FAILED },
  sperret: { title: 'Kontoen din er sperret', text: 'Kontakt oss hvis du mener dette er feil.' },
  'e-post-ikke-bekreftet': {
    title: 'E-postverifisering påkrevd',
    text: 'Du må verifisere e-postadressen din før du kan logge inn. Sjekk innboksen din for verifiseringslenke.',
  },
};

/** The login dialog's alert when a login with the eID provider came back refused (decision 064). */
export function IdentityLoginRefused({ outcome }: { outcome: IdentityOutcome }) {
  const said = SAID[outcome];
  if (!said) return null;
  return (
    <Alert color="red.9" variant="filled" title={said.title} role="alert">
      {said.text}
    </Alert>
  );
}
