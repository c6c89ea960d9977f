import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { seedFirstScreen } from './lib/first-screen';
import type { Hydration } from './lib/hydration';
import { queryClient } from './lib/query-client';

/**
 * Hydration ends when the page is ready (app/page-ready.tsx). This is only the latest it ends, for a page
 * whose chunk never arrives, so that what mounts after (a dialog, say) starts from the browser's state.
 */
const HYDRATION_MS = 60_000;

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const firstScreen = seedFirstScreen(queryClient);
// A page the server rendered (decision 024) is hydrated: React takes over its HTML instead of building the
// page again, with the same data and the same clock the server rendered it with.
const rendered = root.firstElementChild !== null;
const hydration: Hydration = { renderedAt: rendered ? (firstScreen?.renderedAt ?? null) : null };
if (hydration.renderedAt !== null) setTimeout(() => (hydration.renderedAt = null), HYDRATION_MS);
const app = (
  <StrictMode>
    <App hydration={hydration} />
  </StrictMode>
);
// As a transition, the first render (or hydration) yields to the browser every few milliseconds instead of
// holding the main thread until the whole page is done: on a slow phone, taps and scrolling are answered
// meanwhile.
startTransition(() => {
  if (rendered) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
