import { getOsloParts, MONTH_NAMES } from './date';

// Viewings and the shortest acceptance deadline are read as a Norwegian listing writes them: weekday, day
// and month on Oslo clocks ('søndag 29. november kl. 13:00'). The year is left out when it is this year in
// Oslo, as on finn.no: a viewing is days or weeks away, and a year would only be noise; one in another
// year (a round that spans new year) says so, so '2. januar' is never read as last January.

const WEEKDAY_NAMES = ['søndag', 'mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag'];

const pad2 = (value: number) => String(value).padStart(2, '0');

/** 'søndag 29. november', with ' 2027' when that is not `now`'s year in Oslo. */
export function formatWeekdayDate(d: Date | string, now: Date): string {
  const p = getOsloParts(d);
  const weekday = WEEKDAY_NAMES[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()];
  const year = p.year === getOsloParts(now).year ? '' : ` ${p.year}`;
  return `${weekday} ${p.day}. ${MONTH_NAMES[p.month - 1]}${year}`;
}

/** '13:05' on Oslo clocks. */
export function formatOsloTime(d: Date | string): string {
  const p = getOsloParts(d);
  return `${pad2(p.hour)}:${pad2(p.minute)}`;
}

/** 'tirsdag 30. mars kl. 12:00' */
export function formatWeekdayDateTime(d: Date | string, now: Date): string {
  return `${formatWeekdayDate(d, now)} kl. ${formatOsloTime(d)}`;
}

/**
 * When a viewing is: 'søndag 29. november kl. 13:00–14:00'. The server keeps a viewing within one day; one
 * that ended on another day would still say which ('… kl. 23:00–mandag 30. november kl. 01:00').
 */
export function formatViewingWhen(startsAt: Date | string, endsAt: Date | string, now: Date): string {
  const startDay = formatWeekdayDate(startsAt, now);
  const endDay = formatWeekdayDate(endsAt, now);
  const end = endDay === startDay ? formatOsloTime(endsAt) : formatWeekdayDateTime(endsAt, now);
  return `${startDay} kl. ${formatOsloTime(startsAt)}–${end}`;
}

/** 'Visning søndag 29. november kl. 13:00–14:00' */
export function formatViewingTime(startsAt: Date | string, endsAt: Date | string, now: Date): string {
  return `Visning ${formatViewingWhen(startsAt, endsAt, now)}`;
}

/** Whether a viewing is over: its end has passed. One under way still counts as coming. */
export function isViewingOver(viewing: { endsAt: string }, now: Date): boolean {
  return Date.parse(viewing.endsAt) <= now.getTime();
}

/**
 * The cards' one line: the next viewing not yet over, and how many more are to come
 * ('Visning søndag 29. november kl. 13:00–14:00 (+1 til)'); null when none is.
 */
export function nextViewingLine(viewings: { startsAt: string; endsAt: string }[], now: Date): string | null {
  const coming = viewings
    .filter((viewing) => !isViewingOver(viewing, now))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const [next] = coming;
  if (!next) return null;
  const more = coming.length > 1 ? ` (+${coming.length - 1} til)` : '';
  return `${formatViewingTime(next.startsAt, next.endsAt, now)}${more}`;
}
