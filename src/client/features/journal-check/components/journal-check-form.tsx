import { Button, FileInput, Stack, Text, Textarea } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { parseReceipt } from '../../../../shared/chain-check/read-export';
import type { ChainLink } from '../../../../shared/record/round-act';

export interface JournalCheckInput {
  file: File;
  receipts: ChainLink[];
}

/** Each non-empty line a receipt, or the first line that is none. */
function receiptsOf(text: string): { receipts: ChainLink[] } | { bad: string } {
  const receipts: ChainLink[] = [];
  for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
    const receipt = parseReceipt(line);
    if (!receipt) return { bad: line.trim() };
    receipts.push(receipt);
  }
  return { receipts };
}

/**
 * The file and, if the reader has one, a receipt (decision 062). The file is only ever read in the browser
 * (File.text() in check-journal.ts); this form posts nothing, and its submit is the page's own.
 */
export function JournalCheckForm({
  checking,
  onCheck,
  onChange,
}: {
  checking: boolean;
  onCheck: (input: JournalCheckInput) => void;
  onChange: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [receiptText, setReceiptText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = receiptsOf(receiptText);
    setReceiptError(
      'bad' in read
        ? 'Kvitteringen kan ikke leses. Lim inn hele linjen fra e-posten («Budjournalens kjede: handling nr. 7, hash …»), eller skriv nr:hash.'
        : null,
    );
    setFileError(file ? null : 'Velg filen med budkjeden først.');
    if (!file || 'bad' in read) return;
    onCheck({ file, receipts: read.receipts });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FileInput
          label="Budkjeden (JSON-fil)"
          description="Filen budkjede-….json fra «Last ned kjeden (JSON)» i budjournalen."
          placeholder="Velg fil"
          accept="application/json,.json"
          leftSection={<IconFileText size={18} aria-hidden />}
          value={file}
          error={fileError}
          clearable
          clearButtonProps={{ 'aria-label': 'Fjern filen' }}
          onChange={(picked) => {
            setFile(picked);
            setFileError(null);
            onChange();
          }}
        />
        <Textarea
          label="Kvittering (valgfritt)"
          description="Fra e-posten om budet ditt eller om budrundens slutt. Lim inn linjen «Budjournalens kjede: handling nr. …, hash …», eller skriv nr:hash. Én per linje."
          autosize
          minRows={2}
          value={receiptText}
          error={receiptError}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onChange={(event) => {
            setReceiptText(event.currentTarget.value);
            setReceiptError(null);
            onChange();
          }}
        />
        <Text size="sm">
          Filen lastes ikke opp. Kontrollen skjer her i nettleseren din; det eneste som hentes fra Budrunde,
          er den offentlige nøkkelen signaturene kontrolleres mot.
        </Text>
        <Button type="submit" loading={checking} style={{ alignSelf: 'flex-start' }}>
          Kontroller budjournalen
        </Button>
      </Stack>
    </form>
  );
}
