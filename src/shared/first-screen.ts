import { PHOTO_SIZES } from './format/photo-layout';
import { CURRENT_USER_KEY, PUBLIC_ACTIVE_KEY, roundKeys } from './query-keys';

/**
 * A page's first data, sent inside its HTML (docs/decisions/019-first-screen-in-the-html.md): the server makes
 * the calls the page would make first, as the visitor, and the client starts with their answers in its
 * cache instead of waiting for them. Both sides read this plan, so they agree on every key.
 */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

export interface FirstScreenCall {
  /** The client's cache key for the answer. */
  key: readonly string[];
  /** The API call that answers it, made as the visitor. */
  url: string;
}

/** What the HTML carries: answers by cache key, each exactly as the API gave it to this visitor. */
export interface FirstScreenData {
  entries: { key: readonly string[]; data: unknown }[];
  /**
   * For a page rendered on the server: the server's time of the render (ms since 1970), where the browser's
   * clocks start while it hydrates the page (src/client/lib/hydration.ts).
   */
  renderedAt?: number;
}

export const CURRENT_USER_CALL: FirstScreenCall = { key: CURRENT_USER_KEY, url: '/api/auth/user' };

const ROUND_PAGE = /^\/budrunder\/([0-9a-f-]{36})$/;

/**
 * The calls a page makes before it can show its content, once the user is known. Only those on the first
 * screen: the rest (a seller's bidder list, the journals) load as before.
 */
export function firstScreenCalls(path: string, signedIn: boolean): FirstScreenCall[] {
  if (path === '/') {
    return signedIn
      ? [{ key: roundKeys.active, url: '/api/bid-rounds/active' }]
      : [{ key: PUBLIC_ACTIVE_KEY, url: '/api/bid-rounds/active' }];
  }
  const roundId = ROUND_PAGE.exec(path)?.[1];
  if (roundId && signedIn) {
    return [
      { key: roundKeys.round(roundId), url: `/api/bid-rounds/${roundId}` },
      { key: roundKeys.bids(roundId), url: `/api/bid-rounds/${roundId}/bids` },
      { key: roundKeys.followStatus(roundId), url: `/api/bid-rounds/${roundId}/follow/status` },
    ];
  }
  return [];
}

type WithPhoto = { property?: { imageUrl?: string | null } } | undefined;

/**
 * The first card's photo on the page, which is what a phone's first screen is mostly made of: the first
 * round of a list, or the round page's cover, with the `sizes` its <img> has there, so that a preload of it
 * fetches the size the page then shows. Null when the page shows none.
 */
export function firstPhoto(data: FirstScreenData): { url: string; sizes: string } | null {
  for (const { key, data: answer } of data.entries) {
    const round = (Array.isArray(answer) ? answer[0] : answer) as WithPhoto;
    const url = round?.property?.imageUrl;
    if (url === undefined) continue;
    if (url === null) return null;
    const sizes = !Array.isArray(answer)
      ? PHOTO_SIZES.cover
      : key.join() === PUBLIC_ACTIVE_KEY.join()
        ? PHOTO_SIZES.publicCard
        : PHOTO_SIZES.roundCard;
    return { url, sizes };
  }
  return null;
}
