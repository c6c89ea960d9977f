import { Stack, Title } from '@mantine/core';
import type { PendingResetView, UnverifiedUserView } from '../../../../shared/schemas/admin';
import { ResetRequestsTable } from './reset-requests-table';
import { UnverifiedUsersTable } from './unverified-users-table';

/** 'Uverifisert e-post': registrations waiting for verification, then the password-reset requests. */
export function UnverifiedTab({
  users,
  resets,
}: {
  users: UnverifiedUserView[];
  resets: PendingResetView[];
}) {
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Brukere som ikke har bekreftet e-postadressen ({users.length})
        </Title>
        <UnverifiedUsersTable users={users} />
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Forespørsler om nytt passord ({resets.length})
        </Title>
        <ResetRequestsTable requests={resets} />
      </Stack>
    </Stack>
  );
}
