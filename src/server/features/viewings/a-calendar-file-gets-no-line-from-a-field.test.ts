import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from '../../../../tests/setup/admin';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  addViewingOk,
  LATE_DEADLINE,
  osloDayAhead,
  viewingOn,
  viewingsUrl,
} from '../../../../tests/setup/viewings';

// A title, an address or a note is the seller's text, and the calendar file is fetched by anyone. However
// the text breaks its lines, it stays inside its own property, written as the two characters '\n'
// (RFC 5545 §3.3.11): it can never begin a line of its own, such as an ATTENDEE (decision 053).

let t: TestApp;
let seller: string;
beforeAll(async () => {
  t = await createTestApp();
  seller = await signInVerified(t, 'selger-kalenderlinjer@example.no');
});
afterAll(() => t.close());

const INJECTED = 'ATTENDEE:mailto:x@example.no';

/** Every way a text can break its line: CRLF, bare CR, bare LF, and the other vertical breaks. */
const BREAKS: Record<string, string> = {
  'CR LF': '\r\n',
  'bare CR': '\r',
  'bare LF': '\n',
  'U+2028 (line separator)': '\u2028',
  'U+2029 (paragraph separator)': '\u2029',
  'U+0085 (next line)': '\u0085',
  'form feed': '\f',
  'vertical tab': '\v',
  'U+001E (record separator)': '\u001e',
};

/**
 * A line as any reader might see one: after a CRLF, or after a lone CR, LF or other vertical break (as
 * Python's splitlines() splits).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the separators U+001C–U+001E are line breaks to some.
const ANY_LINE_BREAK = /\r\n|[\r\n\v\f\u001c-\u001e\u0085\u2028\u2029]/;

/** The calendar's properties, folded lines joined again (RFC 5545 §3.1), as name → value of the first. */
function properties(ics: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of ics.replace(/\r\n[ \t]/g, '').split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0] ?? '';
    if (colon > 0 && !found.has(name)) found.set(name, line.slice(colon + 1));
  }
  return found;
}

async function calendarOf(roundId: string, viewingId: string): Promise<string> {
  const res = await t.request({ method: 'GET', url: `${viewingsUrl(roundId)}/${viewingId}/calendar.ics` });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

function expectNoInjectedLine(ics: string) {
  for (const line of ics.split(ANY_LINE_BREAK)) expect(line.startsWith('ATTENDEE')).toBe(false);
  // No break but CRLF is left in the file at all: a bare one would be a line to some reader.
  expect(ics.replace(/\r\n/g, '')).not.toMatch(ANY_LINE_BREAK);
}

describe('a calendar file gets no line from a field', () => {
  let day = 30;
  for (const [name, br] of Object.entries(BREAKS)) {
    it(`a ${name} in the title, the address and the note stays escaped in its own property`, async () => {
      const round = await createRoundAs(t, seller, {
        title: `Linjehuset${br}${INJECTED}`,
        address: `Linjeveien 1${br}${INJECTED}`,
        deadline: LATE_DEADLINE,
      });
      const viewing = await addViewingOk(
        t,
        seller,
        round.id,
        viewingOn(osloDayAhead(day++), '17:00', '18:00', `Ring på${br}${INJECTED}`),
      );
      const ics = await calendarOf(round.id, viewing.id);
      expectNoInjectedLine(ics);
      const found = properties(ics);
      expect(found.has('ATTENDEE')).toBe(false);
      expect(found.get('SUMMARY')).toBe(`Visning: Linjehuset\\n${INJECTED}`);
      expect(found.get('LOCATION')).toBe(`Linjeveien 1\\n${INJECTED}`);
      expect(found.get('DESCRIPTION')).toMatch(new RegExp(`^Ring på\\\\n${INJECTED}\\\\n\\\\nBudrunden: `));
    });
  }

  it('a title and an address edited with line breaks stay escaped in their own properties', async () => {
    const round = await createRoundAs(t, seller, {
      title: 'Før',
      address: 'Gata 2',
      deadline: LATE_DEADLINE,
    });
    const viewing = await addViewingOk(t, seller, round.id, viewingOn(osloDayAhead(day++)));
    const res = await t.request({
      method: 'PATCH',
      url: `/api/bid-rounds/${round.id}`,
      cookie: seller,
      payload: { title: `Etter\r${INJECTED}`, address: `Gata 2\u2028${INJECTED}\r\n${INJECTED}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const ics = await calendarOf(round.id, viewing.id);
    expectNoInjectedLine(ics);
    const found = properties(ics);
    expect(found.get('SUMMARY')).toBe(`Visning: Etter\\n${INJECTED}`);
    expect(found.get('LOCATION')).toBe(`Gata 2\\n${INJECTED}\\n${INJECTED}`);
  });

  it('other control characters, which calendar text may not hold, are left out; a tab stays', async () => {
    const round = await createRoundAs(t, seller, {
      title: 'Bjelle\u0007huset\u001b[31m',
      address: 'Tabulatorveien\t3',
      deadline: LATE_DEADLINE,
    });
    const viewing = await addViewingOk(t, seller, round.id, viewingOn(osloDayAhead(day++)));
    const found = properties(await calendarOf(round.id, viewing.id));
    expect(found.get('SUMMARY')).toBe('Visning: Bjellehuset[31m');
    expect(found.get('LOCATION')).toBe('Tabulatorveien\t3');
  });
});
