import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` (the clock on the rounds page ticks every 5 s). */
export function useNow(intervalMs = 5000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
