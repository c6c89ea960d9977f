import '@mantine/dates/styles.css';
import 'dayjs/locale/nb';
import { DatePickerInput, type DatePickerInputProps, DatesProvider } from '@mantine/dates';
import { useEffect, useRef } from 'react';

// Mantine capitalises the month header and the weekdays in CSS ('November 2026', 'Ma'); bokmål writes
// months and weekdays in lower case, as dayjs's 'nb' gives them: 'november 2026' (decision 061).
const AS_BOKMAAL_WRITES = {
  calendarHeaderLevel: { textTransform: 'none' },
  calendarHeaderSelect: { textTransform: 'none' },
  weekday: { textTransform: 'none' },
} as const;

/**
 * Mantine's date picker in Norwegian, weeks from Monday. Loaded with its styles only where a form needs it.
 * `openOnMount`: it replaces a light field that was just tapped (date-picker-input.tsx), so it takes the
 * focus and opens its calendar, as the tap asked.
 */
export function NorwegianDatePicker({
  openOnMount,
  styles,
  popoverProps,
  ...props
}: DatePickerInputProps & { openOnMount?: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!openOnMount) return;
    button.current?.focus();
    button.current?.click();
  }, [openOnMount]);
  return (
    <DatesProvider settings={{ locale: 'nb', firstDayOfWeek: 1 }}>
      <DatePickerInput
        ref={button}
        {...props}
        // A day chosen from the keyboard (Enter) closes the calendar: the focus goes back to the field, not
        // to the top of the page, so the person can go on to the next field (decision 063).
        popoverProps={{ returnFocus: true, ...popoverProps }}
        styles={{ ...AS_BOKMAAL_WRITES, ...(typeof styles === 'object' ? styles : {}) }}
      />
    </DatesProvider>
  );
}
