import { Badge, Group, Stack } from '@mantine/core';
import { Fragment } from 'react';
import { formatLongDate } from '../../../../shared/format/date';
import type { JournalEntry } from '../../../../shared/schemas/journal';
import { STATUS_COLORS } from '../../../app/theme';

export const NONE = '–';

/** Highest first; equal amounts in the order they came in. */
export function sortEntries(entries: JournalEntry[]): JournalEntry[] {
  return [...entries].sort(
    (a, b) => b.amount - a.amount || Date.parse(a.createdAt) - Date.parse(b.createdAt),
  );
}

/** '23. november 2026 kl. 14:05', where a narrow column may break before 'kl.' but never inside 'kl. 14:05'. */
export function formatWhen(d: string): string {
  return formatLongDate(d).replace(' kl. ', ' kl.\u00a0');
}

export const entryKey = (entry: JournalEntry) => `${entry.createdAt}-${entry.amount}-${entry.bidderName}`;

// A badge shrinks and cuts its text with an ellipsis when its row is narrow; these wrap to a new line instead.
const NO_SHRINK = { flexShrink: 0 };

export function EntryBadges({ entry }: { entry: JournalEntry }) {
  if (!entry.isWinner && !entry.isHighestBid && !entry.isOwnBid && !entry.isExpired && !entry.isRejected)
    return null;
  return (
    <Group gap={4} wrap="wrap">
      {entry.isWinner ? (
        <Badge size="sm" variant="filled" color={STATUS_COLORS.active} style={NO_SHRINK}>
          Vinner
        </Badge>
      ) : null}
      {entry.isHighestBid ? (
        <Badge size="sm" variant="filled" color="blue.8" style={NO_SHRINK}>
          Høyeste bud
        </Badge>
      ) : null}
      {entry.isOwnBid ? (
        <Badge size="sm" variant="filled" color="gray.7" style={NO_SHRINK}>
          Ditt bud
        </Badge>
      ) : null}
      {entry.isExpired && !entry.isRejected ? (
        <Badge size="sm" variant="filled" color="red.9" style={NO_SHRINK}>
          Utløpt
        </Badge>
      ) : null}
      {entry.isRejected ? (
        <Badge size="sm" variant="filled" color="red.9" style={NO_SHRINK}>
          Avslått
        </Badge>
      ) : null}
    </Group>
  );
}

export function BankLines({ entry }: { entry: JournalEntry }) {
  if (!entry.bankName && !entry.bankContactName && !entry.bankContactPhone) return NONE;
  return (
    <Stack gap={0}>
      {entry.bankName ? <span>{entry.bankName}</span> : null}
      {entry.bankContactName ? <span>{entry.bankContactName}</span> : null}
      {entry.bankContactPhone ? <PhoneText phone={entry.bankContactPhone} /> : null}
    </Stack>
  );
}

/** A phone number kept on one line: '+47' alone above '12345678' reads as two things. */
export function PhoneText({ phone }: { phone: string | null }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{phone || NONE}</span>;
}

/**
 * An e-mail address that may wrap before '@' and before each '.', as addresses are broken in print, and
 * only anywhere at all if one part is still wider than its column.
 */
// Characters of an address's part that fit a 320 px phone's line in the journal's small text.
const WHOLE_PART = 30;

export function EmailText({ email }: { email: string | null }) {
  if (!email) return NONE;
  const parts = email.split(/(?=[@.])/);
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never reorder.
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {/* Not at a hyphen either ('eiendomsmegling-eksempel'): a part that fits any line stays whole. */}
          {part.length <= WHOLE_PART ? <span style={{ whiteSpace: 'nowrap' }}>{part}</span> : part}
        </Fragment>
      ))}
    </span>
  );
}
