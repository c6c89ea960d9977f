import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that render; true from the render
 * after, and at once for anything mounted later (a page reached by a link, an opened dialog), so that only
 * the first, server-rendered paint shows its controls as not ready (docs/decisions/060-forms-before-ready-and-their-errors.md).
 * React reads the server snapshot while it hydrates and renders again with the browser's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
