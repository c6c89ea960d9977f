import { Card, Skeleton, Stack } from '@mantine/core';

export function RoundCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" data-testid="round-card-skeleton" aria-hidden>
      <Card.Section>
        <Skeleton h={190} radius={0} />
      </Card.Section>
      <Stack gap="xs" mt="md">
        <Skeleton h={22} w="70%" />
        <Skeleton h={14} w="50%" />
        <Skeleton h={14} w="60%" />
        <Skeleton h={14} w="40%" />
      </Stack>
    </Card>
  );
}
