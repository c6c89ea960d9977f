import { useContext, useEffect } from 'react';
import { HydrationContext } from '../lib/hydration';

/** The attribute on <html> that says the page's script has taken over (see PageReady). */
export const PAGE_READY_ATTRIBUTE = 'data-page-ready';

/**
 * Marks <html> once the page's own part has been shown by React: rendered in the browser, or, for a page the
 * server rendered (decision 024), hydrated, so that its buttons and forms work. Placed beside the routes
 * inside their Suspense boundary, its effect runs only when the page's chunk has arrived and its content
 * committed. Until then /boot.js stops forms from being sent by the browser itself, which would put what
 * was typed (a bid amount, say) in the address of a GET request; and the browser tests wait for it before
 * they use a page. It also ends the hydration of a page the server rendered (lib/hydration.ts): what mounts
 * from now on starts from the browser's state.
 */
export function PageReady() {
  const hydration = useContext(HydrationContext);
  useEffect(() => {
    hydration.renderedAt = null;
    document.documentElement.setAttribute(PAGE_READY_ATTRIBUTE, '');
  }, [hydration]);
  return null;
}
