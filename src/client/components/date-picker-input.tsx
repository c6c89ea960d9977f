import { Input, InputBase, Text, TextInput } from '@mantine/core';
import type { DatePickerInputProps } from '@mantine/dates';
import { Suspense, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { lazyPart } from './lazy-part';
import { formatPickerDay, PICKER_DAY_FORMAT } from './picker-day';

// The calendar, dayjs and their styles are a chunk of their own, fetched when a form with a date first shows.
const loadPicker = () => import('./norwegian-date-picker');
const NorwegianDatePicker = lazyPart(loadPicker, (m) => m.NorwegianDatePicker);

interface Props extends DatePickerInputProps {
  /**
   * On a page's first screen: until the field is first tapped or focused, a light button that looks the
   * same and shows the chosen day, and the calendar's chunk and styles are not loaded at all
   * (docs/decisions/021-dialogs-and-the-date-picker-load-on-use.md). Needs `valueFormat` PICKER_DAY_FORMAT.
   */
  loadOnUse?: boolean;
}

/** A date picker that loads when shown (or, with `loadOnUse`, when used); until then a field holds its place. */
export function DatePickerInput({ loadOnUse = false, ...props }: Props) {
  const light = loadOnUse && props.valueFormat === PICKER_DAY_FORMAT;
  const [tapped, setTapped] = useState(false);
  if (light && !tapped) {
    return (
      <LightDateField
        {...props}
        onIntent={() => void loadPicker().catch(() => {})}
        onTap={() => setTapped(true)}
      />
    );
  }
  const placeholder = light ? (
    <LightDateField {...props} />
  ) : (
    <TextInput
      label={props.label}
      placeholder={props.placeholder}
      required={props.required}
      disabled
      style={props.style}
    />
  );
  return (
    <ErrorBoundary
      fallback={
        <Text size="sm" c="red.9" role="alert" style={props.style}>
          Kunne ikke laste kalenderen. Last inn siden på nytt.
        </Text>
      }
    >
      <Suspense fallback={placeholder}>
        <NorwegianDatePicker {...props} openOnMount={tapped} />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * Looks like Mantine's DatePickerInput (a button in an input's frame, with the day or the placeholder).
 * Pointing at it or focusing it fetches the real one; a tap, Enter or Space puts it in place, opened.
 */
function LightDateField({
  label,
  placeholder,
  value,
  error,
  required,
  style,
  onIntent,
  onTap,
}: DatePickerInputProps & { onIntent?: () => void; onTap?: () => void }) {
  const day = typeof value === 'string' && value ? formatPickerDay(value) : null;
  return (
    <InputBase
      component="button"
      type="button"
      pointer
      label={label}
      error={error}
      required={required}
      style={style}
      aria-haspopup="dialog"
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onClick={onTap}
    >
      {day ?? <Input.Placeholder>{placeholder}</Input.Placeholder>}
    </InputBase>
  );
}
