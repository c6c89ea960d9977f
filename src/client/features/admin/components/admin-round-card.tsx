import { Box, Button, Collapse, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { formatLongDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import type { BidRoundView } from '../../../../shared/schemas/bid-round';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LabeledText, LabeledValue } from '../../../components/labeled-value';
import { CloseRoundButton } from '../../bid-rounds/components/close-round-button';
import { EditListingButton } from '../../bid-rounds/components/edit-listing-button';
import { isRoundOpen, RoundBadges } from '../../bid-rounds/components/round-badges';
import { BidList } from '../../bids/components/bid-list';
import { openJournalCsv } from '../../journals/api/use-journals';
import { JournalActsList } from '../../journals/components/journal-acts-list';
import { useRoundActs } from '../api/admin-queries';
import { toastOutcome } from '../api/admin-toasts';
import { useDeleteRound } from '../api/use-admin-actions';

/**
 * One round in the panel: status, owner, prices, bids and deadline; all bids with bidder details fold out,
 * with the starting-price edit while open; 'Lukk budrunde' while open; 'Slett' behind a plain warning.
 */
export function AdminRoundCard({ round, now }: { round: BidRoundView; now: Date }) {
  const [showBids, { toggle }] = useDisclosure(false);
  const [showActs, { toggle: toggleActs }] = useDisclosure(false);
  const [confirming, { open: confirm, close: cancel }] = useDisclosure(false);
  const remove = useDeleteRound();
  const bidsId = useId();
  const actsId = useId();
  const name = round.property.title || round.property.address;
  const open = isRoundOpen(round, now);
  const owner = round.property.owner;
  const acts = useRoundActs(round.id, showActs, !round.isClosed);

  const deleteRound = () =>
    remove.mutate(
      round.id,
      toastOutcome(
        { title: 'Budrunde slettet', message: `«${name}» er slettet. Budjournalene er tatt vare på.` },
        'Feil ved sletting',
        cancel,
      ),
    );

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Box style={{ minWidth: 0 }}>
            <Title order={3} size="h4">
              {round.property.title}
            </Title>
            <Text size="sm">{round.property.address}</Text>
          </Box>
          <RoundBadges round={round} now={now} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
          <LabeledText label="Eier" value={owner ? `${owner.firstName} ${owner.lastName}` : null} />
          <LabeledText label="Startpris" value={formatMoney(round.property.price)} />
          <LabeledText
            label="Høyeste bud"
            value={round.highestBid === null ? 'Ingen bud ennå' : formatMoney(round.highestBid)}
          />
          <LabeledText label="Antall bud" value={String(round.bidCount)} />
          <LabeledValue label="Budfrist">
            <Text size="sm">{formatLongDate(round.deadline)}</Text>
          </LabeledValue>
        </SimpleGrid>
        <Group gap="xs">
          <Button variant="light" size="sm" onClick={toggle} aria-expanded={showBids} aria-controls={bidsId}>
            {showBids ? 'Skjul bud' : `Vis bud (${round.bidCount})`}
          </Button>
          <Button
            variant="light"
            size="sm"
            onClick={toggleActs}
            aria-expanded={showActs}
            aria-controls={actsId}
          >
            {showActs ? 'Skjul hendelser' : 'Vis hendelser'}
          </Button>
          {/* The owner's edits, recorded as the admin's (decision 046); shown while the round is open. */}
          <EditListingButton round={round} />
          {open ? <CloseRoundButton roundId={round.id} title={name} /> : null}
          {round.isClosed ? (
            <Button variant="default" size="sm" onClick={() => openJournalCsv(round.id)}>
              Last ned budjournal
            </Button>
          ) : null}
          <Button variant="outline" color="red.9" size="sm" onClick={confirm}>
            Slett
          </Button>
        </Group>
        <Collapse expanded={showBids}>
          <Box id={bidsId} pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            {showBids ? <BidList round={round} now={now} canManage isOpen={open} detailsByDefault /> : null}
          </Box>
        </Collapse>
        {/* Every act so far, as the owner's journal names them (decision 036). */}
        <Collapse expanded={showActs}>
          <Box id={actsId} pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            {showActs ? <RoundActs query={acts} name={name} /> : null}
          </Box>
        </Collapse>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Slette budrunden?"
        confirmLabel="Slett budrunde"
        loading={remove.isPending}
        onConfirm={deleteRound}
        onClose={cancel}
      >
        <Text>
          Budrunden for «{name}» fjernes fra Budrunde, sammen med budene, følgerne, bildene og salgsoppgaven.
          Dette kan ikke angres.
        </Text>
        <Text size="sm">
          Budjournalene tas vare på: eieren og hver budgiver beholder sin, merket med at budrunden er slettet.
          Er budrunden åpen, avsluttes den først, slik at alle får en budjournal. Eieren og alle budgivere får
          beskjed på e-post.
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}

function RoundActs({ query, name }: { query: ReturnType<typeof useRoundActs>; name: string }) {
  if (query.isPending) return <Loader size="sm" aria-label="Henter hendelser" />;
  if (query.isError)
    return (
      <Text size="sm" c="red.9" role="alert">
        Kunne ikke hente hendelsene: {query.error.message}
      </Text>
    );
  return <JournalActsList acts={query.data} label={`Hendelser i budrunden ${name}`} />;
}
