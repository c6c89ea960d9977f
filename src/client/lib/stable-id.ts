import { useId as useReactId } from 'react';

/**
 * Stands in for @mantine/hooks' useId in the build (vite.config.ts). Mantine's returns React's id on the
 * first render and then swaps it for a random one from a layout effect. That swap is a state update during
 * the commit, so every labelled field, popover and portal renders a second time, synchronously, before the
 * browser may paint: on a round page, 200–300 ms of blocked main thread at 4× CPU. The random id only helps
 * pages with several React roots (Budrunde has one), where React's ids could repeat. React's id is unique
 * in its root and the same on the server and in the browser.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
