import { useState } from 'react';

/**
 * True from the first render in which `shown` is true, and from then on: a lazily loaded dialog or container
 * is mounted when first needed and then stays, so that it can close with its transition and keep its state.
 */
export function useShownOnce(shown: boolean): boolean {
  const [once, setOnce] = useState(shown);
  if (shown && !once) setOnce(true);
  return once || shown;
}
