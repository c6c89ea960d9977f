import { formatLongDate } from '../format/date';

/**
 * The kinds of a bid's condition (forbehold), by the words the screens, the journal and the API use
 * (decision 066). 'Annet' is free text; the others may carry words too.
 */
export const CONDITION_KINDS = [
  'Finansiering',
  'Salg av egen bolig',
  'Besiktigelse/tilstand',
  'Annet',
] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];

/** A condition as a bid is placed with it. */
export interface ConditionInput {
  kind: ConditionKind;
  text: string | null;
  until: Date | null;
}

/** Where a condition stands: still in force, given up by the bidder, or run out at its deadline. */
export type ConditionState = 'active' | 'waived' | 'lapsed';

export const UNKNOWN_CONDITION_KIND =
  'Velg hva slags forbehold det er: finansiering, salg av egen bolig, besiktigelse/tilstand eller annet';
export const OTHER_NEEDS_TEXT = 'Beskriv forbeholdet';
export const CONDITION_UNTIL_PAST = 'Fristen for forbeholdet kan ikke være passert';
export const CONDITION_UNTIL_AFTER_DEADLINE = 'Fristen for forbeholdet kan ikke være etter akseptfristen';
export const MAX_CONDITION_ITEMS = 10;

/** One condition in words: 'Finansiering (frist 12. desember 2026 kl. 12:00)', 'Annet' by its own words. */
export function conditionText(c: { kind: ConditionKind; text: string | null; until: Date | string | null }) {
  const base = c.kind === 'Annet' ? (c.text ?? 'Annet') : c.text ? `${c.kind}: ${c.text}` : c.kind;
  return c.until ? `${base} (frist ${formatLongDate(c.until)})` : base;
}

/**
 * A bid's conditions as the readable text answers have always carried (`conditions`): a string given alone
 * is one 'Annet' and reads exactly as it was written; several are one per line.
 */
export function conditionsText(items: readonly ConditionInput[]): string | null {
  if (items.length === 0) return null;
  return items.map(conditionText).join('\n');
}

/** What the waiver's statement calls it: 'forbeholdet om finansiering', 'forbeholdet «Styregodkjenning»'. */
export function conditionName(c: { kind: ConditionKind; text: string | null }): string {
  if (c.kind === 'Annet') return `forbeholdet «${c.text ?? 'annet'}»`;
  return `forbeholdet om ${c.kind.toLowerCase()}`;
}

/** The state at `now` of a condition not waived: lapsed from its deadline on (the database's clock). */
export function conditionState(
  c: { waivedAt: Date | null; until: Date | null },
  now: Date,
): { state: ConditionState; lapsedAt: Date | null } {
  if (c.waivedAt) return { state: 'waived', lapsedAt: null };
  if (c.until && c.until <= now) return { state: 'lapsed', lapsedAt: c.until };
  return { state: 'active', lapsedAt: null };
}

/** The journal's and the owner's words for a state: 'Frafalt 3. desember …', 'Forbeholdet gikk ut …'. */
export function conditionStateText(item: {
  state: ConditionState;
  waivedAt: string | null;
  lapsedAt: string | null;
}): string {
  if (item.state === 'waived' && item.waivedAt) return `Frafalt ${formatLongDate(item.waivedAt)}`;
  if (item.state === 'lapsed' && item.lapsedAt) return `Forbeholdet gikk ut ${formatLongDate(item.lapsedAt)}`;
  return 'Gjelder';
}

/**
 * A journal's conditions with the state of each that no longer holds (decision 066): one per line,
 * 'Finansiering (frist …) – Frafalt …'; one still in force reads as its words alone, as before. A journal
 * written before conditions were typed has only its words.
 */
export function conditionsWithStates(entry: {
  conditions: string | null;
  conditionItems?: readonly (Parameters<typeof conditionText>[0] &
    Parameters<typeof conditionStateText>[0])[];
}): string | null {
  if (!entry.conditionItems?.length) return entry.conditions;
  return entry.conditionItems
    .map((c) => (c.state === 'active' ? conditionText(c) : `${conditionText(c)} – ${conditionStateText(c)}`))
    .join('\n');
}
