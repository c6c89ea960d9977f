import { ROUND_EDIT_TEXT, type RoundChangeValue, type RoundEditKind } from '../rules/round-edits';
import { formatMoney } from './money';

export interface ChangeSentence {
  kind: RoundEditKind;
  /** Kept only for a change made while a live bid stood (decision 054); absent otherwise. */
  oldValue?: RoundChangeValue;
  newValue?: RoundChangeValue;
}

/** One value as a reader sees it: texts in «», the facts with their units, none as what it means. */
function valueText(kind: RoundEditKind, value: RoundChangeValue): string {
  if (value === null) return kind === 'description' ? '(ingen beskrivelse)' : '(ikke oppgitt)';
  if (typeof value === 'string') return `«${value}»`;
  if (kind === 'size') return `${value} m²`;
  if (kind === 'starting-price') return formatMoney(value);
  return String(value);
}

/**
 * The sentence 'Endringer', the budjournal and the e-mail give a change: 'Beskrivelsen er endret', and with
 * the values kept while bids stood, 'Tittelen er endret fra «Gamle tittel» til «Ny tittel»' (decision 054).
 * Amounts keep their no-break spaces; a mail writes them plain.
 */
export function roundChangeText(change: ChangeSentence): string {
  const what = ROUND_EDIT_TEXT[change.kind];
  if (change.oldValue === undefined || change.newValue === undefined) return what;
  return `${what} fra ${valueText(change.kind, change.oldValue)} til ${valueText(change.kind, change.newValue)}`;
}
