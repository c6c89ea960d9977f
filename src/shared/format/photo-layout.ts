// How wide each place on the pages shows a property photo (decision 047). The client's <img> and the server's
// preload of a page's first photo (src/server/http/page-html.ts) both take their `sizes` from here: when the
// two differ, the browser fetches the photo twice, at two sizes.
import { photoSrcSet } from './photo-sizes';

/** The `sizes` attribute of a property photo, by where it is shown. */
export const PHOTO_SIZES = {
  /** The landing page's cards: one column on a phone, two from Mantine's sm breakpoint, three from lg (1140 px). */
  publicCard: '(min-width: 75em) 380px, (min-width: 48em) 50vw, 100vw',
  /** A signed-in list's cards: the photo above the summary on a phone, a third of the card beside it above. */
  roundCard: '(min-width: 75em) 380px, (min-width: 48em) 33vw, 100vw',
  /** The round page's cover: the whole column, then half the card from Mantine's md breakpoint. */
  cover: '(min-width: 75em) 570px, (min-width: 62em) 50vw, 100vw',
  /** The full-screen viewer. */
  viewer: '100vw',
  /** A closed round's row: a small picture at its start. */
  closedRow: '88px',
} as const;

/** A photo stored by the upload (decision 005); only these have the smaller sizes beside them. */
const STORED_PHOTO = /^\/objects\/[^?#]+\.(jpg|png)$/;

/**
 * The <img> attributes that let the browser pick the smallest stored size that fills `sizes` at the
 * screen's pixel density. Anything else (an address from before the uploads) is given as it is.
 */
export function photoSources(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  if (!STORED_PHOTO.test(url)) return { src: url };
  return { src: url, srcSet: photoSrcSet(url), sizes };
}
