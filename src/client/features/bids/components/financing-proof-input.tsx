import { FileInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { PROOF_TYPES } from '../api/upload-financing-proof';

interface FinancingProofInputProps {
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
}

/** 'Finansieringsbevis (valgfritt)': one PDF, JPEG or PNG. Other bidders only ever see 'Vedlagt'. */
export function FinancingProofInput({ value, onChange, error }: FinancingProofInputProps) {
  return (
    <FileInput
      label="Finansieringsbevis (valgfritt)"
      description="PDF, JPEG eller PNG, høyst 10 MB. Bare selgeren kan åpne filen; andre ser kun «Vedlagt»."
      placeholder="Velg fil"
      accept={PROOF_TYPES.join(',')}
      value={value}
      onChange={onChange}
      clearable
      clearButtonProps={{ 'aria-label': 'Fjern finansieringsbeviset' }}
      leftSection={<IconPaperclip size={16} aria-hidden />}
      error={error}
    />
  );
}
