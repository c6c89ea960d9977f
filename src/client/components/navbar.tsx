import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'wouter';
import { useCurrentUser } from '../features/auth/use-current-user';
import { openDialog } from '../lib/window-events';

export function Navbar() {
  const { user, isLoading } = useCurrentUser();
  return (
    <Box
      component="header"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      bg="white"
    >
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} href="/" underline="never" c="dark" aria-label="Budrunde, til forsiden">
            <Group gap={8} wrap="nowrap">
              <IconHome size={28} color="var(--mantine-color-blue-8)" aria-hidden />
              <Text fw={800} fz="xl">
                Budrunde
              </Text>
            </Group>
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            {isLoading ? null : user ? (
              <>
                <Text size="sm" visibleFrom="xs">
                  Hei, {user.firstName || 'Bruker'}
                </Text>
                {user.isAdmin ? (
                  <Button component={Link} href="/admin" variant="subtle" size="sm">
                    Admin Panel
                  </Button>
                ) : null}
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
