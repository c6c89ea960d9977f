// The smaller sizes of every property photo, made by sharp when it is uploaded (decision 043): the gallery
// and the cards ask for the one that fits through srcset, so a phone never downloads the 2400 px original.
// A photo stored before the sizes existed is answered with its original under the same names.

/** Widths in pixels of the stored sizes, beside the original (at most 2400 px on its longer side). */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** '/objects/property-images/<id>.jpg' at 480 px: '/objects/property-images/<id>-480w.jpg'. */
export function photoSizeUrl(url: string, width: PhotoWidth): string {
  return url.replace(/\.(jpg|png)$/, `-${width}w.$1`);
}

/** The srcset of a stored photo: every size, and the original as the largest. */
export function photoSrcSet(url: string): string {
  return [...PHOTO_WIDTHS.map((w) => `${photoSizeUrl(url, w)} ${w}w`), `${url} 2400w`].join(', ');
}
