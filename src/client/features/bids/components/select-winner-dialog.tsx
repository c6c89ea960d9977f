import { Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatMoney } from '../../../../shared/format/money';
import type { BidView, OwnerBidView } from '../../../../shared/schemas/bid';
import type { SignatureProof } from '../../../../shared/schemas/passkey';
import { STATUS_COLORS } from '../../../app/theme';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../lib/toast';
import { useActSigning } from '../api/use-act-signing';
import { useSelectWinner } from '../api/use-bid-actions';
import { useBidderStates } from '../api/use-fair-notice';
import { useOwnerBids } from '../api/use-round-bids';
import { signOrCancel } from '../api/use-signing-step';
import { FairNoticeGuard, fairNoticeOf } from './fair-notice-guard';
import { SigningNotice } from './signing-notice';
import { WinnerBidFacts } from './winner-bid-facts';

const SIGN_LABEL = 'Signer og bekreft vinner';

interface SelectWinnerDialogProps {
  roundId: string;
  /** The bid to accept; the dialog is open while it is set. */
  bid: BidView | null;
  /** Who bid, as the owner's view names them; the pseudonym otherwise. */
  bidderName: string | null;
  onClose: () => void;
}

/**
 * The whole bid with who made it. Opened from the plain list the bid has neither, so the owner's view is
 * fetched (the same query as 'Vis budgiverdetaljer'); opened from the detailed view it is already there.
 */
function useWholeBid(roundId: string, bid: BidView | null) {
  const given = bid && 'user' in bid ? (bid as OwnerBidView) : null;
  const query = useOwnerBids(roundId, bid !== null && given === null);
  const found = bid ? query.data?.find((candidate) => candidate.id === bid.id) : undefined;
  return { whole: given ?? found ?? null, query };
}

/**
 * 'Velg vinner av budrunden': accepting a bid is binding, closes the round and tells everyone. The seller
 * sees every term of the bid and who to call before the binding click.
 */
export function SelectWinnerDialog({ roundId, bid, bidderName, onClose }: SelectWinnerDialogProps) {
  const select = useSelectWinner(roundId);
  const { whole, query } = useWholeBid(roundId, bid);
  const wholeName = whole ? `${whole.user.firstName} ${whole.user.lastName}`.trim() : null;
  // An owner with a passkey signs the choice (decision 041): the words are asked for as the dialog opens.
  const signing = useActSigning(bid ? { act: 'winner', bidRoundId: roundId, bidId: bid.id } : null);
  const [signingNow, setSigningNow] = useState(false);
  // Who has not seen the latest bid yet (decision 066): read as the dialog opens, and live.
  const states = useBidderStates(roundId, bid !== null);
  const notice = bid
    ? fairNoticeOf(states.data, bid.bidderLabel, new Date())
    : { unseen: [], allDone: false };
  // The confirmation holds for the one bid it was given for.
  const [overriddenFor, setOverriddenFor] = useState<string | null>(null);
  const overridden = bid !== null && overriddenFor === bid.id;
  const setOverridden = (value: boolean) => setOverriddenFor(value && bid ? bid.id : null);
  const guarded = notice.unseen.length > 0;
  const confirm = async () => {
    if (!bid) return;
    let signature: SignatureProof | undefined;
    if (signing.state === 'ready') {
      setSigningNow(true);
      const proof = await signOrCancel(signing.options, 'Valget av vinner');
      setSigningNow(false);
      if (!proof) return;
      signature = proof;
    }
    select.mutate(
      { bidId: bid.id, signature, overrideFairNotice: guarded && overridden },
      {
        onSuccess: (result) => {
          const winner = result.winner;
          const summary = winner ? `${winner.bidderName} vant med ${formatMoney(winner.amount)}. ` : '';
          showToast({ title: 'Vinner valgt!', message: `${summary}Alle deltakere har fått e-post.` });
          onClose();
        },
        onError: (error) => {
          showToast({
            title: 'Feil ved valg av vinner',
            message: error.message || 'Kunne ikke velge vinner',
            variant: 'destructive',
          });
          onClose();
        },
      },
    );
  };

  let facts: React.ReactNode;
  if (whole) {
    facts = <WinnerBidFacts bid={whole} now={new Date()} />;
  } else if (query.isError) {
    facts = (
      <Text size="sm" c="red.9" role="alert">
        {`Kunne ikke hente budet: ${query.error.message}`}
      </Text>
    );
  } else if (query.isPending || query.isFetching) {
    facts = <Loader size="sm" aria-label="Laster budet" />;
  } else {
    facts = (
      <Text size="sm" c="red.9" role="alert">
        Budet finnes ikke lenger.
      </Text>
    );
  }

  return (
    <Modal
      opened={bid !== null}
      onClose={select.isPending || signingNow ? () => {} : onClose}
      title="Velg vinner av budrunden"
      size="lg"
      centered
    >
      {bid ? (
        <Stack gap="sm">
          <Text>
            Du velger budet på{' '}
            <Text span fw={700}>
              {formatMoney(bid.amount)}
            </Text>{' '}
            fra {bidderName ?? wholeName ?? bid.bidderLabel} som vinner.
          </Text>
          {facts}
          <List size="sm" spacing={4}>
            <List.Item>Valget er bindende og kan ikke angres.</List.Item>
            <List.Item>Budrunden lukkes, og ingen flere bud kan legges inn.</List.Item>
            <List.Item>Alle deltakere får e-post om resultatet, og budjournalen blir tilgjengelig.</List.Item>
          </List>
          <FairNoticeGuard notice={notice} overridden={overridden} onOverride={setOverridden} />
          <SigningNotice
            signing={signing}
            confirmLabel={SIGN_LABEL}
            mustSign="Valget av vinner må signeres med passnøkkel."
          />
          <Group justify="flex-end" mt="xs">
            {/* Focus starts on 'Avbryt' so a stray Enter never accepts a bid. */}
            <Button variant="default" onClick={onClose} disabled={select.isPending} data-autofocus>
              Avbryt
            </Button>
            {/* Binding only once the seller can see what they accept. */}
            <Button
              color={STATUS_COLORS.active}
              onClick={() => void confirm()}
              loading={select.isPending || signingNow}
              disabled={
                whole === null ||
                (guarded && !overridden) ||
                signing.state === 'loading' ||
                signing.state === 'needs-passkey' ||
                signing.state === 'failed'
              }
            >
              {signing.state === 'ready' ? SIGN_LABEL : 'Bekreft vinner'}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
