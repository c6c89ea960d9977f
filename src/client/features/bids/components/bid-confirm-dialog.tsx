import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatAmountInWords } from '../../../../shared/format/amount-in-words';
import { financingText, takeoverText } from '../../../../shared/format/bid-plan';
import { formatLongDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import type { FinancingPlan } from '../../../../shared/rules/bid-plan';
import { LabeledValue } from '../../../components/labeled-value';
import { Modal } from '../../../components/modal';

export interface BidDraft {
  amount: number;
  conditions: string;
  bidDeadline: Date;
  /** The name of the attached financing proof, if any. */
  proofName: string | null;
  financing: FinancingPlan | null;
  /** 'YYYY-MM-DD', or null for 'Etter avtale'. */
  takeoverDate: string | null;
}

interface BidConfirmDialogProps {
  draft: BidDraft | null;
  propertyName: string;
  onCancel: () => void;
  onConfirm: (draft: BidDraft) => void;
}

/** 'Bekreft budgivning': the last look at a bid before it binds, with the amount in digits and words. */
export function BidConfirmDialog({ draft, propertyName, onCancel, onConfirm }: BidConfirmDialogProps) {
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
          <Group justify="flex-end" mt="xs">
            {/* Focus starts on 'Avbryt' so a stray Enter never places a binding bid. */}
            <Button variant="default" onClick={onCancel} data-autofocus>
              Avbryt
            </Button>
            <Button onClick={() => onConfirm(draft)}>Bekreft bud</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
