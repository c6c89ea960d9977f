import { createContext, useContext, useState } from 'react';

/**
 * While a page the server rendered is hydrating (decision 024): the time it was rendered. Null once hydration
 * is over (app/page-ready.tsx), and always for pages rendered in the browser. A component whose first render would
 * read something only the browser knows (the clock, the live stream's state) starts from what the server
 * rendered instead, or its HTML would differ (React error #418, and the page rendered again), and moves on
 * in an effect.
 */
export interface Hydration {
  renderedAt: number | null;
}

export const HydrationContext = createContext<Hydration>({ renderedAt: null });

/** The server's render time when this component's first render hydrates server HTML, else null. */
export function useServerRenderTime(): number | null {
  const hydration = useContext(HydrationContext);
  const [renderedAt] = useState(() => hydration.renderedAt);
  return renderedAt;
}

/**
 * The time a component's first render works from, fixed for its life: the server's render time while it
 * hydrates, so that the HTML does not differ, else the browser's time at the first render.
 */
export function useFirstRenderTime(): Date {
  const renderedAt = useServerRenderTime();
  const [at] = useState(() => new Date(renderedAt ?? Date.now()));
  return at;
}
