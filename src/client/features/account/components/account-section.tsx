import { Stack, Title } from '@mantine/core';
import type { CurrentUser } from '../../../../shared/schemas/user';
import { JournalsCard } from '../../journals/components/journals-card';
import { ProfileCard } from './profile-card';

/** Below the rounds on the signed-in start page: the user's own things. */
export function AccountSection({ user }: { user: CurrentUser }) {
  return (
    <Stack gap="md" component="section" aria-labelledby="account-heading">
      <Title order={2} id="account-heading">
        Min side
      </Title>
      <ProfileCard user={user} />
      <JournalsCard />
    </Stack>
  );
}
