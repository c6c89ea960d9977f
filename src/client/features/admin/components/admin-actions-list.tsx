import { List, Loader, Stack, Text, Title } from '@mantine/core';
import { formatShortDateTime } from '../../../../shared/format/date';
import { useUserActions } from '../api/admin-queries';
import { fullName } from './admin-table';

/** The latest administrator actions on one user: who did what, and when. */
export function AdminActionsList({ userId }: { userId: string }) {
  const actions = useUserActions(userId);
  let body: React.ReactNode;
  if (actions.isPending) body = <Loader size="xs" role="status" aria-label="Laster handlingslogg" />;
  else if (actions.isError)
    body = <Text size="sm" c="red.9">{`Kunne ikke hente loggen: ${actions.error.message}`}</Text>;
  else if (actions.data.length === 0) body = <Text size="sm">Ingen administratorhandlinger registrert.</Text>;
  else
    body = (
      <List size="sm" spacing={4}>
        {actions.data.map((a) => (
          <List.Item key={a.id}>
            <Text span size="sm" fw={600}>
              {formatShortDateTime(a.createdAt)}
            </Text>{' '}
            {a.summary} ({fullName(a.admin)})
          </List.Item>
        ))}
      </List>
    );
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        Siste administratorhandlinger
      </Title>
      {body}
    </Stack>
  );
}
