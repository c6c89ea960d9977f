import { Group, NativeSelect, Text } from '@mantine/core';
import { useId } from 'react';
import { getOsloParts, makeOsloDate } from '../../../../shared/format/date';
import { DatePickerInput } from '../../../components/date-picker-input';

interface OsloDateTimeFieldProps {
  label: string;
  description?: string;
  /** An ISO instant, or null when nothing is chosen. */
  value: string | null;
  onChange: (value: string | null) => void;
  error?: React.ReactNode;
  required?: boolean;
  /** Offer a clear button; for optional fields. */
  clearable?: boolean;
  /** The earliest selectable day; defaults to today in Oslo. */
  minDate?: Date;
}

const DEFAULT_HOUR = 12;
const pad2 = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: pad2(h) }));
const MINUTES = Array.from({ length: 12 }, (_, i) => ({ value: String(i * 5), label: pad2(i * 5) }));
// Oslo placeholders are grey 2:1 by default; gray.7 reads at 8:1.
const PLACEHOLDER_STYLES = { placeholder: { color: 'var(--mantine-color-gray-7)' } };

/** Room for the longest day in 'D. MMMM YYYY' ('30. september 2026') and the clear button. */
const DAY_FIELD = { flex: '1 1 13rem', minWidth: 0 };

function osloDay(date: Date): string {
  const p = getOsloParts(date);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
}

/**
 * A date and a time of day as Oslo clocks show them, whatever the browser's zone: a calendar for the day
 * and selects for hour and minute (5-minute steps). The value is an ISO instant.
 */
export function OsloDateTimeField({
  label,
  description,
  value,
  onChange,
  error,
  required,
  clearable,
  minDate,
}: OsloDateTimeFieldProps) {
  const descriptionId = useId();
  const parts = value ? getOsloParts(value) : null;
  const day = parts ? `${parts.year}-${pad2(parts.month)}-${pad2(parts.day)}` : null;
  const hour = parts?.hour ?? DEFAULT_HOUR;
  const minute = parts?.minute ?? 0;
  // A stored time off the 5-minute grid (not made here) still shows as itself.
  const minutes = MINUTES.some((m) => Number(m.value) === minute)
    ? MINUTES
    : [...MINUTES, { value: String(minute), label: pad2(minute) }].sort((a, b) => +a.value - +b.value);

  const emit = (nextDay: string | null, nextHour: number, nextMinute: number) => {
    if (!nextDay) return onChange(null);
    const [y, m, d] = nextDay.split('-').map(Number);
    onChange(makeOsloDate(y ?? 0, m ?? 1, d ?? 1, nextHour, nextMinute).toISOString());
  };

  return (
    <fieldset
      aria-label={label}
      aria-describedby={description ? descriptionId : undefined}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      {/* Hour and minute go under the day together where the three do not fit, as in the bid form's
          akseptfrist (decision 061): the long day ('30. september 2026') stays on one line. */}
      <Group align="flex-start" gap="xs" wrap="wrap">
        <DatePickerInput
          label={label}
          placeholder="Velg dato"
          valueFormat="D. MMMM YYYY"
          value={day}
          onChange={(next) => emit(next, hour, minute)}
          minDate={osloDay(minDate ?? new Date())}
          error={error}
          required={required}
          clearable={clearable}
          styles={PLACEHOLDER_STYLES}
          style={DAY_FIELD}
        />
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <NativeSelect
            label="Time"
            data={HOURS}
            value={String(hour)}
            onChange={(e) => emit(day, Number(e.currentTarget.value), minute)}
            disabled={!day}
            w={76}
          />
          <NativeSelect
            label="Minutt"
            data={minutes}
            value={String(minute)}
            onChange={(e) => emit(day, hour, Number(e.currentTarget.value))}
            disabled={!day}
            w={76}
          />
        </Group>
      </Group>
      {description ? (
        <Text id={descriptionId} size="xs" c="dimmed" mt={4}>
          {description}
        </Text>
      ) : null}
    </fieldset>
  );
}
