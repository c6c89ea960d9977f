import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { useLocation, useSearch } from 'wouter';
import { identityNeededForRound, identityNeededToBid } from '../../../../shared/rules/identity';
import { useCurrentUser } from '../../auth/use-current-user';
import { useIdentityConfig } from '../../site/use-identity-config';

/**
 * Under BID_IDENTITY=required, a signed-in person without a verified identity can neither bid nor open a
 * round (decision 064). True while that is so, so the form can lead to the verification instead.
 */
export function useIdentityNeeded(): boolean {
  const { user } = useCurrentUser();
  const identity = useIdentityConfig();
  return Boolean(user && identity?.mode === 'required' && !user.identity);
}

/**
 * In place of the bid form or the new round's form: the server's own refusal, and the way to the
 * verification, which comes back to this page (and this search) afterwards.
 */
export function IdentityNeeded({ action }: { action: 'bid' | 'round' }) {
  const [location] = useLocation();
  const search = useSearch();
  const identity = useIdentityConfig();
  const provider = identity?.providerName ?? 'BankID';
  const here = search ? `${location}?${search}` : location;
  return (
    // The body may shrink below its button's one-line width, and the button's label wraps: on a phone the
    // long 'Bekreft identiteten din med BankID' otherwise ran out of the box.
    <Alert
      color="blue"
      variant="light"
      icon={<IconId aria-hidden />}
      title={`${provider} kreves`}
      styles={{ body: { minWidth: 0 } }}
    >
      <Stack gap="xs">
        <Text size="sm">
          {action === 'bid' ? identityNeededToBid(provider) : identityNeededForRound(provider)}.
        </Text>
        {identity?.available ? (
          // A plain link: the provider's pages are a full navigation away, and back through the callback.
          <Button
            component="a"
            href={`/api/identity/start?returnTo=${encodeURIComponent(here)}`}
            maw="100%"
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: 'normal' } }}
          >
            Bekreft identiteten din med {provider}
          </Button>
        ) : (
          <Text size="sm">
            Bekreftelse med {provider} er ikke tilgjengelig akkurat nå. Prøv igjen senere.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
