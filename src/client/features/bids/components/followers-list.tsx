import { Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatLongDate } from '../../../../shared/format/date';
import { useFollowers } from '../api/use-round-bids';

/** 'Følgere av budrunden': who gets alerts about new bids. Owner and admins only. */
export function FollowersList({ roundId }: { roundId: string }) {
  const followers = useFollowers(roundId, true);
  const list = followers.data ?? [];

  let body: React.ReactNode;
  if (followers.isPending) body = <Loader size="sm" aria-label="Laster følgere" />;
  else if (followers.isError)
    body = (
      <Text size="sm" c="red.9" role="alert">
        {`Kunne ikke hente følgere: ${followers.error.message}`}
      </Text>
    );
  else if (list.length === 0) body = <Text size="sm">Ingen følgere ennå</Text>;
  else
    body = (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.map((follower) => (
          <li key={follower.id} data-testid="follower-row">
            <Text size="sm" fw={600}>
              {`${follower.user.firstName} ${follower.user.lastName}`.trim()}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {follower.user.email}
            </Text>
            <Text size="xs">Følger siden {formatLongDate(follower.createdAt)}</Text>
          </li>
        ))}
      </Stack>
    );

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Title order={3} size="h4">
          Følgere av budrunden
        </Title>
        {followers.data ? (
          <Badge variant="filled" color="blue.8">
            {list.length}
          </Badge>
        ) : null}
      </Group>
      {body}
    </Stack>
  );
}
