import { Group, Stack, Title } from '@mantine/core';
import type { CurrentUser } from '../../../../shared/schemas/user';
import { CreateRoundButton } from '../../create-round/components/create-round-button';
import { JournalsCard } from '../../journals/components/journals-card';
import { ProfileCard } from './profile-card';

/** Below the rounds on the signed-in start page: the user's own things. */
export function AccountSection({ user }: { user: CurrentUser }) {
  return (
    <Stack gap="md" component="section" aria-labelledby="account-heading">
      <Group justify="space-between">
        <Title order={2} id="account-heading">
          Min side
        </Title>
        <CreateRoundButton />
      </Group>
      <ProfileCard user={user} />
      <JournalsCard />
    </Stack>
  );
}
