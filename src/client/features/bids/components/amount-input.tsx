import { TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent, Ref } from 'react';
import { reformatAmountText } from './amount-text';

interface AmountInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The formatted text, e.g. '1 250 000'. */
  value: string;
  onChange: (text: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/** A kroner field that groups thousands with spaces while the user types, keeping the caret in place. */
export function AmountInput({ value, onChange, ...props }: AmountInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const next = reformatAmountText(input.value, input.selectionStart ?? input.value.length);
    if (!next) return;
    onChange(next.text);
    // React moves the caret to the end when the value changes under it; put it back after the same digit.
    requestAnimationFrame(() => {
      if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
    });
  };
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      rightSection="kr"
      rightSectionPointerEvents="none"
      {...props}
      value={value}
      onChange={handleChange}
    />
  );
}
