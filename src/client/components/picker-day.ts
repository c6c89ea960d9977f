/** The date pickers' day format on a first screen: '24. nov. 2026' (dayjs's Norwegian short months). */
export const PICKER_DAY_FORMAT = 'D. MMM YYYY';

// dayjs/locale/nb's monthsShort, so that the light field (date-picker-input.tsx) reads exactly as the
// picker that replaces it; picker-day.test.ts compares the two.
const SHORT_MONTHS = [
  'jan.',
  'feb.',
  'mars',
  'april',
  'mai',
  'juni',
  'juli',
  'aug.',
  'sep.',
  'okt.',
  'nov.',
  'des.',
];

/** A picker's day ('YYYY-MM-DD') as PICKER_DAY_FORMAT shows it, or the text itself when it is not one. */
export function formatPickerDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? SHORT_MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return day;
  return `${Number(match[3])}. ${month} ${match[1]}`;
}
