import { List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { formatDayMonthTime } from '../../../../shared/format/date';
import { roundChangeText } from '../../../../shared/format/round-change';
import type { RoundChangeView } from '../../../../shared/schemas/bid-round';

/**
 * 'Endringer': what changed in the listing after it was published, oldest first, so a buyer sees that the
 * description they read last week is not the one shown now (decision 046). What and when; for a change made
 * while a live bid stood, also from what to what (decision 054).
 */
export function RoundChanges({ changes }: { changes: RoundChangeView[] }) {
  const titleId = useId();
  if (changes.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        Endringer
      </Title>
      <List size="sm" spacing={2} data-testid="round-changes">
        {changes.map((change, i) => (
          // Changes are never edited or removed: their place in the list is who they are.
          // biome-ignore lint/suspicious/noArrayIndexKey: an append-only log
          <List.Item key={i}>
            {/* pre-line: a description's own line breaks, kept in its old and new value. */}
            <Text span size="sm" style={{ whiteSpace: 'pre-line' }}>
              {formatDayMonthTime(change.at)}: {roundChangeText(change)}
              {change.byAdmin ? ' (av en administrator)' : ''}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
