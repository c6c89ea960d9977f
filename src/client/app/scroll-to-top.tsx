import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** Client-side navigation keeps the scroll position; a new page should start at its top. */
export function ScrollToTop() {
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}
