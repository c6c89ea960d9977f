import { List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { formatDayMonthTime } from '../../../../shared/format/date';
import { ROUND_EDIT_TEXT } from '../../../../shared/rules/round-edits';
import type { RoundChangeView } from '../../../../shared/schemas/bid-round';

/**
 * 'Endringer': what changed in the listing after it was published, oldest first, so a buyer sees that the
 * description they read last week is not the one shown now (issue 25). Only what and when, never the old text.
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
            <Text span size="sm">
              {formatDayMonthTime(change.at)}: {ROUND_EDIT_TEXT[change.kind]}
              {change.byAdmin ? ' (av en administrator)' : ''}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
