import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'wouter';
import { useLogout } from '../features/auth/api/use-auth-actions';
import { useCurrentUser } from '../features/auth/use-current-user';
import { showToast } from '../lib/toast';
import { openDialog } from '../lib/window-events';

// Long enough to read 'Logget ut' before the page reloads.
const RELOAD_AFTER_LOGOUT_MS = 1200;

export function Navbar() {
  const { user, isLoading } = useCurrentUser();
  const logout = useLogout();
  const logOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        showToast({ title: 'Logget ut', message: 'Du er nå logget ut.' });
        setTimeout(() => window.location.assign('/'), RELOAD_AFTER_LOGOUT_MS);
      },
      onError: (error) =>
        showToast({
          title: 'Feil ved utlogging',
          message: error.message || 'Kunne ikke logge ut.',
          variant: 'destructive',
        }),
    });

  return (
    <Box
      component="header"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      bg="white"
    >
      <Container size="lg">
        {/* An admin's extra link makes the row too wide for the narrowest phones: then it wraps, never scrolls. */}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component={Link} href="/" underline="never" c="dark" aria-label="Budrunde, til forsiden">
            <Group gap={8} wrap="nowrap">
              <IconHome size={28} color="var(--mantine-color-blue-8)" aria-hidden />
              <Text fw={800} fz="xl">
                Budrunde
              </Text>
            </Group>
          </Anchor>
          <Group gap={6} wrap="nowrap" ml="auto">
            {isLoading ? null : user ? (
              <>
                <Text size="sm" visibleFrom="xs" data-testid="greeting">
                  Hei, {user.firstName || 'Bruker'}
                </Text>
                {user.isAdmin ? (
                  <Button component={Link} href="/admin" variant="light" size="sm" px="xs">
                    Admin Panel
                  </Button>
                ) : null}
                <Button variant="default" size="sm" onClick={logOut} disabled={logout.isPending}>
                  {logout.isPending ? 'Logger ut...' : 'Logg ut'}
                </Button>
              </>
            ) : (
              <Button onClick={() => openDialog('openLogin')}>Logg inn</Button>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
