import { Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { nextViewingLine } from '../../../../shared/format/viewing-time';
import type { ViewingView } from '../../../../shared/schemas/bid-round';

/** The cards' line about viewings: the next one to come, and how many more ('(+1 til)'); nothing if none. */
export function NextViewing({ viewings, now }: { viewings: ViewingView[]; now: Date }) {
  const line = nextViewingLine(viewings, now);
  if (!line) return null;
  return (
    <Text size="sm" data-testid="next-viewing">
      <IconCalendarEvent size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
      {line}
    </Text>
  );
}
