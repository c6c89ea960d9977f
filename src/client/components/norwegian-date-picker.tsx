import '@mantine/dates/styles.css';
import 'dayjs/locale/nb';
import { DatePickerInput, type DatePickerInputProps, DatesProvider } from '@mantine/dates';

/** Mantine's date picker in Norwegian, weeks from Monday. Loaded with its styles only where a form needs it. */
export function NorwegianDatePicker(props: DatePickerInputProps) {
  return (
    <DatesProvider settings={{ locale: 'nb', firstDayOfWeek: 1 }}>
      <DatePickerInput {...props} />
    </DatesProvider>
  );
}
