import type { QueryClient } from '@tanstack/react-query';
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from '../../shared/first-screen';

/**
 * Starts the cache with the page's first data, which the server put in the HTML (src/shared/first-screen.ts):
 * the first render shows the page, not its loading state, without waiting for a round trip per call. The
 * element is removed once read, so nothing reads the same answers again later. Whatever the HTML does not
 * carry is fetched as before; the live stream's hello fetches again what could have changed meanwhile.
 */
export function seedFirstScreen(queryClient: QueryClient): FirstScreenData | null {
  const element = document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  let data: FirstScreenData;
  try {
    data = JSON.parse(element.textContent ?? '') as FirstScreenData;
  } catch {
    return null;
  }
  for (const entry of data.entries ?? []) queryClient.setQueryData(entry.key, entry.data);
  return data;
}
