// What may change in a listing after it is published, each recorded as a round change (decision 046). The log
// says what and when; while a live bid stands it also keeps the old and the new value (decision 054), since a
// bidder bound themself to the listing as it was. Before the first bid the seller may still correct a mistake
// without keeping it on show.

export const ROUND_EDIT_KINDS = [
  'title',
  'address',
  'description',
  'size',
  'rooms',
  'build-year',
  'floor',
  'photos',
  'prospectus-added',
  'prospectus-replaced',
  'prospectus-removed',
  'viewing-added',
  'viewing-removed',
  'starting-price',
] as const;
export type RoundEditKind = (typeof ROUND_EDIT_KINDS)[number];

/** The sentence the round page's 'Endringer' shows after the time: 'Beskrivelsen er endret'. */
export const ROUND_EDIT_TEXT: Record<RoundEditKind, string> = {
  title: 'Tittelen er endret',
  address: 'Adressen er endret',
  description: 'Beskrivelsen er endret',
  size: 'Størrelsen er endret',
  rooms: 'Antall rom er endret',
  'build-year': 'Byggeåret er endret',
  floor: 'Etasjen er endret',
  photos: 'Bildene er endret',
  'prospectus-added': 'Salgsoppgaven er lagt ut',
  'prospectus-replaced': 'Salgsoppgaven er byttet ut',
  'prospectus-removed': 'Salgsoppgaven er fjernet',
  'viewing-added': 'En visning er lagt til',
  'viewing-removed': 'En visning er fjernet',
  'starting-price': 'Startprisen er endret',
};

/**
 * The changes followers are told of by e-mail ('Endring i budrunden: {title}'): what a buyer must read
 * again before bidding. A new title, address or photos, or a price they already hear of, is shown only.
 */
export const MAILED_EDIT_KINDS: ReadonlySet<RoundEditKind> = new Set<RoundEditKind>([
  'description',
  'prospectus-added',
  'prospectus-replaced',
  'prospectus-removed',
  'viewing-added',
  'viewing-removed',
]);

/**
 * A value as a change keeps it (decision 054): the text or number the field held, null when it held none. A
 * change made while no live bid stood keeps none.
 */
export type RoundChangeValue = string | number | null;

/** Refused (409) while a live bid stands: a bid is for this property, and no other (decision 054). */
export const ADDRESS_LOCKED_MESSAGE = 'Adressen kan ikke endres etter at det er lagt inn bud';

/** A round may show at most this many photos (decision 043). */
export const MAX_ROUND_PHOTOS = 30;
export const TOO_MANY_PHOTOS_MESSAGE = `En budrunde kan ha høyst ${MAX_ROUND_PHOTOS} bilder`;
