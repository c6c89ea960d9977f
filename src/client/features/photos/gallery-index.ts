// The pure rules of the gallery and its viewer (decision 047): which photos a round shows, which one comes
// next, and when a drag across the photo counts as a swipe.

/** The round's photos in the owner's order; a round stored before decision 043 has only its cover. */
export function roundPhotoUrls(property: { imageUrl: string | null; imageUrls?: string[] }): string[] {
  if (property.imageUrls && property.imageUrls.length > 0) return property.imageUrls;
  return property.imageUrl ? [property.imageUrl] : [];
}

/** The index `step` photos on from `index` among `count`, going round: after the last comes the first. */
export function stepIndex(index: number, count: number, step: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** How far (CSS pixels) a finger or the mouse must travel sideways before it is a swipe, not a tap. */
export const SWIPE_MIN_PX = 40;

/**
 * The step a drag of (dx, dy) pixels asks for: a swipe to the left (dx < 0) shows the next photo, to the
 * right the previous one, as on every phone. A drag that is mostly vertical, or short, is not a swipe.
 */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** The name of the button that opens photo `index` (from 0) of `count`: 'Vis bilde 3 av 12'. */
export function showPhotoLabel(index: number, count: number): string {
  return count === 1 ? 'Vis bildet i full skjerm' : `Vis bilde ${index + 1} av ${count}`;
}

/** The viewer's name while it shows photo `index` (from 0) of `count`: 'Bilde 3 av 12'. */
export function photoLabel(index: number, count: number): string {
  return `Bilde ${index + 1} av ${count}`;
}
