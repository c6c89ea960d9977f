// The 'Legg til visning' form's values and what the server's answer means for its fields. Times are Oslo
// wall-clock times whatever the browser's zone, as everywhere in Budrunde.
import { makeOsloDate } from '../../../../shared/format/date';
import type { CreateViewingInput } from '../../../../shared/schemas/viewing';
import { ApiError } from '../../../lib/api';

const STEP_MINUTES = 15;
const pad2 = (value: number) => String(value).padStart(2, '0');
const toTime = (minutes: number) => `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
const toMinutes = (time: string) => {
  const [hour, minute] = time.split(':').map(Number);
  return (hour ?? 0) * 60 + (minute ?? 0);
};

/** '00:00', '00:15' … '23:45': viewings are set in quarter hours. */
export const VIEWING_TIMES = Array.from({ length: (24 * 60) / STEP_MINUTES }, (_, i) =>
  toTime(i * STEP_MINUTES),
);

export interface ViewingDraft {
  /** Oslo calendar day, 'YYYY-MM-DD', as the date picker gives it. */
  day: string | null;
  from: string;
  to: string;
  note: string;
}

export const EMPTY_VIEWING: ViewingDraft = { day: null, from: '12:00', to: '13:00', note: '' };

/** A new start; an end it would put at or before the start moves to an hour after it, the usual length. */
export function withFrom(draft: ViewingDraft, from: string): ViewingDraft {
  if (toMinutes(draft.to) > toMinutes(from)) return { ...draft, from };
  return { ...draft, from, to: toTime(Math.min(toMinutes(from) + 60, 24 * 60 - STEP_MINUTES)) };
}

function at(day: string, time: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const minutes = toMinutes(time);
  return makeOsloDate(year ?? 0, month ?? 1, date ?? 1, Math.floor(minutes / 60), minutes % 60).toISOString();
}

/** What POST …/viewings takes, or null while no day is chosen. The rest is the server's to judge. */
export function viewingPayload(draft: ViewingDraft): CreateViewingInput | null {
  if (!draft.day) return null;
  const note = draft.note.trim();
  return { startsAt: at(draft.day, draft.from), endsAt: at(draft.day, draft.to), ...(note ? { note } : {}) };
}

export interface ViewingFormErrors {
  from?: string;
  to?: string;
  note?: string;
  /** What belongs to no one field. */
  form?: string;
}

const FIELD_OF: Record<string, keyof ViewingFormErrors> = { startsAt: 'from', endsAt: 'to', note: 'note' };

/** The server's refusal on the fields it names (paths such as 'endsAt' or 'body.endsAt'); the rest under the form. */
export function viewingFormErrors(error: unknown): ViewingFormErrors {
  const message = error instanceof Error && error.message ? error.message : 'Kunne ikke legge til visningen.';
  const entries = error instanceof ApiError ? (error.errors ?? []) : [];
  const result: ViewingFormErrors = {};
  for (const entry of entries) {
    const field = FIELD_OF[String(entry.path).split('.').pop() ?? ''] ?? 'form';
    result[field] ??= entry.message;
  }
  if (entries.length === 0) result.form = message;
  return result;
}
