import { startTransition, useEffect, useState } from 'react';
import { useServerRenderTime } from './hydration';

/**
 * The current time, refreshed every `intervalMs` (the clock on the rounds page ticks every 5 s). On a page
 * the server rendered, it starts at the server's render time, so that a countdown crossing a minute between
 * the two renders does not differ from the HTML.
 */
export function useNow(intervalMs = 5000): Date {
  const renderedAt = useServerRenderTime();
  const [now, setNow] = useState(() => new Date(renderedAt ?? Date.now()));
  useEffect(() => {
    // Hydrated with the server's time: moved on to the browser's at once, as a transition so that the page's
    // countdowns re-render in slices instead of one long task just as the page becomes interactive.
    if (renderedAt !== null) startTransition(() => setNow(new Date()));
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, renderedAt]);
  return now;
}
