import { Text, TextInput } from '@mantine/core';
import type { DatePickerInputProps } from '@mantine/dates';
import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { lazyPart } from './lazy-part';

// The calendar, dayjs and their styles are a chunk of their own, fetched when a form with a date first shows.
const NorwegianDatePicker = lazyPart(
  () => import('./norwegian-date-picker'),
  (m) => m.NorwegianDatePicker,
);

/** A date picker that loads when shown; until then a disabled field of the same size holds its place. */
export function DatePickerInput(props: DatePickerInputProps) {
  const placeholder = (
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
        <NorwegianDatePicker {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
