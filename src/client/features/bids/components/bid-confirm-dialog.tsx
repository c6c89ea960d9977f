import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatAmountInWords } from '../../../../shared/format/amount-in-words';
import { financingText, takeoverText } from '../../../../shared/format/bid-plan';
import { formatLongDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { BUYER_CAPACITY_LABELS, formatOrgNumber } from '../../../../shared/rules/buyers';
import type { SignatureOptions } from '../../../../shared/schemas/signature';
import { LabeledValue } from '../../../components/labeled-value';
import { Modal } from '../../../components/modal';
import { useBidSigning } from '../api/use-bid-signing';
import { type BidDraft, bidActOf } from './bid-act';
import { SigningNotice } from './signing-notice';

export type { BidDraft } from './bid-act';

/** 'Du. Byr som forbruker.', the company with its signer, or 'Du og Kari Nordmann sammen. …'. */
function whoBids(draft: BidDraft): string {
  const capacity = BUYER_CAPACITY_LABELS[draft.buyerCapacity];
  if (draft.company)
    return `${draft.company.name} (org.nr. ${formatOrgNumber(draft.company.orgNumber)}), med deg som ${draft.company.signerRole}. Byr som ${capacity}.`;
  if (draft.coBidders.length) return `Du og ${draft.coBidders.join(' og ')} sammen. Byr som ${capacity}.`;
  return `Du. Byr som ${capacity}.`;
}

interface BidConfirmDialogProps {
  draft: BidDraft | null;
  roundId: string;
  propertyName: string;
  onCancel: () => void;
  /** `signing`: the options to sign with, or null for a bid sent unsigned. */
  onConfirm: (draft: BidDraft, signing: SignatureOptions | null) => void;
  /** Signing is required and the user has no passkey: off to 'Passnøkler' to add one. */
  onAddPasskey: () => void;
}

/**
 * 'Bekreft budgivning': the last look at a bid before it binds, with the amount in digits and words. A user
 * with a passkey reads the words they sign and signs them with 'Signer og bekreft bud' (decision 039).
 */
export function BidConfirmDialog(props: BidConfirmDialogProps) {
  const { draft, propertyName, onCancel, onConfirm } = props;
  const signing = useBidSigning(draft ? bidActOf(props.roundId, draft) : null);
  return (
    <Modal opened={draft !== null} onClose={onCancel} title="Bekreft budgivning" centered>
      {draft ? (
        <Stack gap="sm">
          <LabeledValue label="Eiendom">
            <Text>{propertyName}</Text>
          </LabeledValue>
          <LabeledValue label="Beløp">
            <Text size="xl" fw={700}>
              {formatMoney(draft.amount)}
            </Text>
            <Text size="sm" fs="italic">
              {formatAmountInWords(draft.amount)}
            </Text>
          </LabeledValue>
          <LabeledValue label="Hvem byr">
            <Text style={{ overflowWrap: 'anywhere' }}>{whoBids(draft)}</Text>
          </LabeledValue>
          <LabeledValue label="Forbehold">
            <Text style={{ whiteSpace: 'pre-wrap' }}>{draft.conditions || 'Ingen forbehold'}</Text>
          </LabeledValue>
          <LabeledValue label="Akseptfrist">
            <Text>{formatLongDate(draft.bidDeadline)}</Text>
          </LabeledValue>
          <LabeledValue label="Finansieringsbevis">
            <Text style={{ overflowWrap: 'anywhere' }}>{draft.proofName ?? 'Ikke vedlagt'}</Text>
          </LabeledValue>
          <LabeledValue label="Finansieringsplan">
            <Text style={{ overflowWrap: 'anywhere' }}>{financingText(draft.financing)}</Text>
          </LabeledValue>
          <LabeledValue label="Ønsket overtakelse">
            <Text>{takeoverText(draft.takeoverDate)}</Text>
          </LabeledValue>
          <Paper withBorder p="sm" bg="red.0" style={{ borderColor: 'var(--mantine-color-red-9)' }}>
            <Text size="sm">
              <strong>Juridisk bindende avtale.</strong> Ved å sende inn dette budet forplikter du deg
              juridisk til kjøp av eiendommen til den oppgitte prisen dersom budet blir akseptert innen
              akseptfristen. Budet kan ikke trekkes tilbake etter innsending.
            </Text>
          </Paper>
          <SigningNotice signing={signing} onAddPasskey={props.onAddPasskey} />
          <Group justify="flex-end" mt="xs">
            {/* Focus starts on 'Avbryt' so a stray Enter never places a binding bid. */}
            <Button variant="default" onClick={onCancel} data-autofocus>
              Avbryt
            </Button>
            <Button
              disabled={
                signing.state === 'loading' || signing.state === 'needs-passkey' || signing.state === 'failed'
              }
              onClick={() => onConfirm(draft, signing.state === 'ready' ? signing.options : null)}
            >
              {signing.state === 'ready' ? 'Signer og bekreft bud' : 'Bekreft bud'}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
