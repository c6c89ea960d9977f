import { describe, expect, it } from 'vitest';
import { type ChangeSentence, roundChangeText } from './round-change';

// Decision 054: a change made while a live bid stood reads from its old to its new value, in the words the
// round page, the budjournal and the e-mail share; one without values reads as what changed (decision 046).

describe('roundChangeText', () => {
  it.each<[ChangeSentence, string]>([
    [{ kind: 'description' }, 'Beskrivelsen er endret'],
    [{ kind: 'photos' }, 'Bildene er endret'],
    [
      { kind: 'title', oldValue: 'Gamle tittel', newValue: 'Ny tittel' },
      'Tittelen er endret fra «Gamle tittel» til «Ny tittel»',
    ],
    [
      { kind: 'description', oldValue: 'Gammel.', newValue: null },
      'Beskrivelsen er endret fra «Gammel.» til (ingen beskrivelse)',
    ],
    [{ kind: 'size', oldValue: 74, newValue: 80 }, 'Størrelsen er endret fra 74 m² til 80 m²'],
    [{ kind: 'rooms', oldValue: null, newValue: 4 }, 'Antall rom er endret fra (ikke oppgitt) til 4'],
    [{ kind: 'build-year', oldValue: 1898, newValue: 1900 }, 'Byggeåret er endret fra 1898 til 1900'],
    [
      { kind: 'floor', oldValue: '2. etasje', newValue: null },
      'Etasjen er endret fra «2. etasje» til (ikke oppgitt)',
    ],
    [
      { kind: 'starting-price', oldValue: 4_000_000, newValue: 3_900_000 },
      'Startprisen er endret fra 4\u00a0000\u00a0000\u00a0kr til 3\u00a0900\u00a0000\u00a0kr',
    ],
  ])('%j reads %j', (change, text) => {
    expect(roundChangeText(change)).toBe(text);
  });
});
