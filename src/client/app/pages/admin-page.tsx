import { Alert, Anchor, Button, Container, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { useAdminLists } from '../../features/admin/api/admin-queries';
import { RoundsTab } from '../../features/admin/components/rounds-tab';
import { UnverifiedTab } from '../../features/admin/components/unverified-tab';
import { UsersTab } from '../../features/admin/components/users-tab';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { useSessionWatch } from '../../features/auth/use-session-watch';
import { useUnauthorizedRedirect } from '../../features/auth/use-unauthorized-redirect';
import { useDocumentTitle } from '../../lib/use-document-title';
import { openDialog } from '../../lib/window-events';
import { NotFoundPage } from './not-found-page';

function Loading() {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>Laster admin-panel...</Text>
    </Group>
  );
}

/**
 * /admin. Visitors are asked to log in and other users get the 404 page; neither causes a single admin call,
 * and the server refuses them anyway.
 */
export function AdminPage() {
  const { user, isLoading } = useCurrentUser();
  useSessionWatch(user);
  const isAdmin = Boolean(user?.isAdmin);
  const lists = useAdminLists(isAdmin);
  const { unverified, users, resets, rounds } = lists;
  const failed = [unverified, users, resets, rounds].find((q) => q.isError);
  useUnauthorizedRedirect(failed?.error);
  useDocumentTitle('Admin Panel');

  if (!isLoading && user && !isAdmin) return <NotFoundPage />;

  let content: React.ReactNode;
  if (isLoading) content = <Loading />;
  else if (!user)
    content = (
      <Alert color="blue" title="Logg inn som administrator">
        <Text size="sm">Du må være innlogget som administrator for å se admin-panelet.</Text>
        <Button mt="sm" onClick={() => openDialog('openLogin')}>
          Logg inn
        </Button>
      </Alert>
    );
  else if (failed && (!unverified.data || !users.data || !resets.data || !rounds.data))
    content = (
      <Alert color="red" title="Kunne ikke hente admin-panelet">
        {failed.error?.message}
      </Alert>
    );
  else if (!unverified.data || !users.data || !resets.data || !rounds.data) content = <Loading />;
  else
    content = (
      <Tabs defaultValue="unverified">
        <Tabs.List>
          {/* The tab holds both lists, so its count is both: a waiting reset request needs the admin too. */}
          <Tabs.Tab value="unverified">
            Uverifisert e-post ({unverified.data.length + resets.data.length})
          </Tabs.Tab>
          <Tabs.Tab value="users">Alle brukere ({users.data.length})</Tabs.Tab>
          <Tabs.Tab value="rounds">Budrunder ({rounds.data.length})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="unverified" pt="lg">
          <UnverifiedTab users={unverified.data} resets={resets.data} />
        </Tabs.Panel>
        <Tabs.Panel value="users" pt="lg">
          <UsersTab users={users.data} />
        </Tabs.Panel>
        <Tabs.Panel value="rounds" pt="lg">
          <RoundsTab rounds={rounds.data} />
        </Tabs.Panel>
      </Tabs>
    );

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Anchor component={Link} href="/" size="sm">
          ← Tilbake til forsiden
        </Anchor>
        <Title order={1}>Admin Panel</Title>
        {content}
      </Stack>
    </Container>
  );
}
