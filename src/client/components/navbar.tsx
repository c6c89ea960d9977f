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

  const greeting = `Hei, ${user?.firstName || 'Bruker'}`;
  return (
    <Box
      component="header"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      bg="white"
    >
      <Container size="lg">
        {/*
          On the narrowest phones an admin's extra link makes the row too wide: then the right-hand group
          wraps below the logo, and a long name is cut with an ellipsis, so nothing ever scrolls sideways.
        */}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component={Link} href="/" underline="never" c="dark" aria-label="Budrunde, til forsiden">
            <Group gap={8} wrap="nowrap">
              <IconHome size={28} color="var(--mantine-color-blue-8)" aria-hidden />
              <Text fw={800} fz="xl">
                Budrunde
              </Text>
            </Group>
          </Anchor>
          <Group gap={6} wrap="nowrap" ml="auto" miw={0} maw="100%">
            {isLoading ? null : user ? (
              <>
                <Text size="sm" truncate="end" miw={0} title={greeting} data-testid="greeting">
                  {greeting}
                </Text>
                {user.isAdmin ? (
                  <Button component={Link} href="/admin" variant="light" size="sm" px="xs" flex="none">
                    Admin Panel
                  </Button>
                ) : null}
                <Button variant="default" size="sm" onClick={logOut} disabled={logout.isPending} flex="none">
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
