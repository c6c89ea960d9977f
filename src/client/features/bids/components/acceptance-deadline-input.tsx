import { Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { formatLongDate } from '../../../../shared/format/date';
import { DatePickerInput } from '../../../components/date-picker-input';
import { PICKER_DAY_FORMAT } from '../../../components/picker-day';
import {
  type DeadlineParts,
  dateFromParts,
  firstSelectableDay,
  hourOptions,
  minuteOptions,
} from './acceptance-deadline';

interface AcceptanceDeadlineInputProps {
  value: DeadlineParts;
  onChange: (value: DeadlineParts) => void;
  /** The earliest allowed deadline: the later of now + 30 minutes and the round's shortest deadline. */
  earliest: Date;
  /** The round's rule, shown above the picker so bidders meet it as text, not only as disabled dates. */
  note?: string;
  error?: string | null;
  /** The field's name; 'Akseptfrist' in the bid form. */
  label?: string;
  /** The line under the picker once a time is chosen; the bid form's by default. */
  chosenText?: (chosen: Date) => string;
}

/** Room for the longest day in PICKER_DAY_FORMAT ('30. april 2026') beside a calendar icon's padding. */
const DAY_FIELD = { flex: '1 1 11rem', minWidth: 0 };

const bidValidUntil = (chosen: Date) => `Budet ditt gjelder til ${formatLongDate(chosen)} (norsk tid).`;

/**
 * 'Akseptfrist': a day, an hour and a minute (5-minute steps), all on Oslo clocks whatever the browser's
 * zone. Days, hours and minutes before the earliest allowed deadline cannot be chosen.
 */
export function AcceptanceDeadlineInput({
  value,
  onChange,
  earliest,
  note,
  error,
  label = 'Akseptfrist',
  chosenText = bidValidUntil,
}: AcceptanceDeadlineInputProps) {
  const hintId = useId();
  const chosen = dateFromParts(value);
  return (
    <fieldset
      aria-label={label}
      aria-describedby={hintId}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      <Stack gap={4}>
        {note ? (
          <Text size="sm" data-testid="acceptance-rule">
            {note}
          </Text>
        ) : null}
        {/* The day, then hour and minute beside it; where the three do not fit (a 320 px phone), hour and
            minute go under the day together, so the day is never squeezed until its year wraps over the
            line below (decision 061). */}
        <Group gap="xs" align="flex-start" wrap="wrap">
          <DatePickerInput
            loadOnUse
            label={label}
            placeholder="Velg dato"
            // The month short ("24. nov. 2026"): at 390 px the long one wrapped onto two lines; the hint below
            // spells the whole date out.
            valueFormat={PICKER_DAY_FORMAT}
            value={value.date}
            onChange={(date) => onChange({ ...value, date })}
            minDate={firstSelectableDay(earliest)}
            error={Boolean(error)}
            style={DAY_FIELD}
          />
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <NativeSelect
              label="Time"
              data={hourOptions(value.date, earliest)}
              value={value.hour}
              onChange={(event) => onChange({ ...value, hour: event.currentTarget.value })}
              error={Boolean(error)}
              w={76}
            />
            <NativeSelect
              label="Minutt"
              data={minuteOptions(value.date, value.hour, earliest)}
              value={value.minute}
              onChange={(event) => onChange({ ...value, minute: event.currentTarget.value })}
              error={Boolean(error)}
              w={76}
            />
          </Group>
        </Group>
        {error ? (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        ) : null}
        <Text id={hintId} size="sm">
          {chosen ? chosenText(chosen) : 'Velg dato og klokkeslett i norsk tid.'}
        </Text>
      </Stack>
    </fieldset>
  );
}
