const MINUTE_MS = 60_000;
const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/**
 * '2d 3t 15m igjen', dropping leading zero units ('15m igjen').
 * Minutes are floored so a bidder is never told there is more time than there is.
 */
export function formatTimeLeft(deadline: Date | string, now: Date): string {
  const deadlineMs = typeof deadline === 'string' ? Date.parse(deadline) : deadline.getTime();
  const leftMs = deadlineMs - now.getTime();
  if (Number.isNaN(leftMs)) return '';
  if (leftMs <= 0) return 'Utløpt';

  const totalMinutes = Math.floor(leftMs / MINUTE_MS);
  if (totalMinutes === 0) return '< 1m igjen';

  const days = Math.floor(totalMinutes / MINUTES_PER_DAY);
  const hours = Math.floor((totalMinutes % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  const minutes = totalMinutes % MINUTES_PER_HOUR;

  // Inner zeros stay ('1d 0t 5m') so the units keep their positions while the countdown ticks.
  const units: Array<[number, string]> = [
    [days, 'd'],
    [hours, 't'],
    [minutes, 'm'],
  ];
  const firstShown = units.findIndex(([value]) => value > 0);
  const text = units
    .slice(firstShown)
    .map(([value, unit]) => `${value}${unit}`)
    .join(' ');
  return `${text} igjen`;
}
