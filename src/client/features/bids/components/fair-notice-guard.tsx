import { Checkbox, Paper, Stack, Text } from '@mantine/core';
import {
  ALL_OTHERS_DONE,
  allOthersDone,
  OVERRIDE_LABEL,
  unseenBidders,
  unseenSentence,
} from '../../../../shared/rules/fair-notice';
import type { BidderStates } from '../../../../shared/schemas/responses/fair-notice';

/** What the winner dialog says of the other bidders (decision 066), and whether it asks to confirm again. */
export function fairNoticeOf(states: BidderStates | undefined, chosenLabel: string, now: Date) {
  if (!states) return { unseen: [], allDone: false };
  // The server says until when the guard stands (FAIR_NOTICE_MINUTES after the highest bid).
  const open = states.guardUntil !== null && now.getTime() < Date.parse(states.guardUntil);
  return {
    unseen: open ? unseenBidders(states.bidders, chosenLabel) : [],
    allDone: allOthersDone(states.bidders, chosenLabel),
  };
}

/**
 * Before the binding 'Bekreft vinner': who has not seen the latest bid yet, with when and how they were told,
 * and the second, explicit confirmation; or that every other bidder has said they bid no more.
 */
export function FairNoticeGuard({
  notice,
  overridden,
  onOverride,
}: {
  notice: ReturnType<typeof fairNoticeOf>;
  overridden: boolean;
  onOverride: (value: boolean) => void;
}) {
  if (notice.unseen.length > 0)
    return (
      <Paper
        withBorder
        radius="md"
        p="sm"
        bg="orange.0"
        role="alert"
        style={{ borderColor: 'var(--mantine-color-orange-7)' }}
      >
        <Stack gap="xs">
          <Text size="sm" fw={700}>
            Ikke alle har sett det siste budet
          </Text>
          {notice.unseen.map((b) => (
            <Text size="sm" key={b.label}>
              {unseenSentence(b)}
            </Text>
          ))}
          <Text size="sm">
            Vil du gi dem litt tid, kan du vente. Velger du nå, føres det i budjournalen at du valgte før alle
            hadde sett budet.
          </Text>
          <Checkbox
            label={OVERRIDE_LABEL}
            checked={overridden}
            onChange={(event) => onOverride(event.currentTarget.checked)}
          />
        </Stack>
      </Paper>
    );
  if (notice.allDone)
    return (
      <Paper withBorder radius="md" p="sm" bg="green.0" role="status">
        <Text size="sm">{ALL_OTHERS_DONE}</Text>
      </Paper>
    );
  return null;
}
