import { Stack, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useNow } from '../../../lib/use-now';
import { useJournals } from '../../journals/api/use-journals';
import { JournalDialog } from '../../journals/components/journal-dialog';
import { roundKeys, useRoundsQuery } from '../api/round-queries';
import { ClosedRoundCard } from './closed-round-card';
import { endedRounds } from './round-order';

/**
 * 'Avsluttede budrunder': the user's own and bid-on rounds that have ended, under the open ones. The open
 * list comes from /active, which leaves ended rounds out, so these come from /user. Nothing shows until
 * the user has an ended round.
 */
export function ClosedRoundList() {
  const now = useNow(5000);
  const rounds = useRoundsQuery(roundKeys.mine);
  const journals = useJournals();
  const [selectedRoundId, setSelectedRoundId] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const headingId = useId();

  const closed = endedRounds(rounds.data ?? [], now);
  if (closed.length === 0) return null;
  const journalOf = (roundId: string | null) =>
    journals.data?.find((journal) => journal.bidRound.id === roundId) ?? null;

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        Avsluttede budrunder
      </Title>
      {closed.map((round) => (
        <ClosedRoundCard
          key={round.id}
          round={round}
          journal={journalOf(round.id)}
          onOpenJournal={() => {
            setSelectedRoundId(round.id);
            setDialogOpen(true);
          }}
        />
      ))}
      <JournalDialog
        journal={journalOf(selectedRoundId)}
        opened={dialogOpen}
        onClose={() => setDialogOpen(false)}
      />
    </Stack>
  );
}
