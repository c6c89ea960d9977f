import { List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { JournalChange } from '../../../../shared/schemas/journal';
import { formatWhen } from './journal-entry-parts';

/**
 * 'Endringer mens bud sto' (decision 046): what the seller changed in the listing while bids stood, oldest
 * first, each from its old to its new value where the journal kept them (decision 054). Nothing is shown for
 * a journal without any, which may be one written before changes were recorded.
 */
export function JournalChanges({ changes }: { changes: JournalChange[] }) {
  const titleId = useId();
  if (changes.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId}>
        Endringer mens bud sto ({changes.length})
      </Title>
      <List size="sm" spacing={2} data-testid="journal-changes">
        {changes.map((change, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: written once at the close, never reordered.
          <List.Item key={i}>
            {/* pre-line: a description's own line breaks, kept in its old and new value. */}
            <Text span size="sm" style={{ whiteSpace: 'pre-line' }}>
              {formatWhen(change.at)}: {change.text}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
