import { Text, TextInput } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { formatAmountInWords } from '../../../../shared/format/amount-in-words';
import { formatAmountInput, parseAmountInput } from '../../../../shared/format/money';

interface AmountFieldProps {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: React.ReactNode;
  required?: boolean;
}

// 10 000 000 000 has 11 digits; more can only be a typo.
const MAX_DIGITS = 11;

/** Where the caret goes after re-formatting: just after the same number of digits as before. */
function caretAfterDigits(text: string, digits: number): number {
  if (digits === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\d/.test(text[i] ?? '') && ++seen === digits) return i + 1;
  }
  return text.length;
}

/**
 * Whole kroner with nb-NO thousands spacing while typing ('1 000 000'), a 'kr' suffix, and the amount in
 * words beneath. Anything but digits (a minus sign, letters) is dropped, so the value is never negative.
 */
export function AmountField({ label, value, onChange, error, required }: AmountFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const text = formatAmountInput(value);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (pendingCaret.current === null || !input || document.activeElement !== input) return;
    const at = caretAfterDigits(text, pendingCaret.current);
    input.setSelectionRange(at, at);
    pendingCaret.current = null;
  });

  const change = (e: React.ChangeEvent<HTMLInputElement>) => {
    const raw = e.currentTarget.value;
    const caret = e.currentTarget.selectionStart ?? raw.length;
    pendingCaret.current = raw.slice(0, caret).replace(/\D/g, '').length;
    const digits = raw.replace(/\D/g, '').slice(0, MAX_DIGITS);
    onChange(digits ? parseAmountInput(digits) : null);
  };

  const words = value !== null && value > 0 ? formatAmountInWords(value) : '';
  return (
    <TextInput
      ref={inputRef}
      label={label}
      required={required}
      inputMode="numeric"
      autoComplete="off"
      value={text}
      onChange={change}
      error={error}
      rightSection={
        <Text size="sm" c="gray.7" aria-hidden>
          kr
        </Text>
      }
      rightSectionPointerEvents="none"
      description={words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
