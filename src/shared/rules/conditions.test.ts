import { describe, expect, it } from 'vitest';
import { conditionName, conditionState, conditionsText, conditionsWithStates } from './conditions';

describe('a bid’s conditions in words', () => {
  it('reads a string as it was written, and typed ones one per line with their deadlines', () => {
    expect(conditionsText([{ kind: 'Annet', text: 'Forbehold om finansiering.', until: null }])).toBe(
      'Forbehold om finansiering.',
    );
    expect(
      conditionsText([
        { kind: 'Finansiering', text: null, until: new Date('2026-12-12T11:00:00Z') },
        { kind: 'Salg av egen bolig', text: 'Storgata 1', until: null },
      ]),
    ).toBe('Finansiering (frist 12. desember 2026 kl. 12:00)\nSalg av egen bolig: Storgata 1');
    expect(conditionsText([])).toBeNull();
  });

  it('names a condition as the waiver says it', () => {
    expect(conditionName({ kind: 'Finansiering', text: null })).toBe('forbeholdet om finansiering');
    expect(conditionName({ kind: 'Besiktigelse/tilstand', text: null })).toBe(
      'forbeholdet om besiktigelse/tilstand',
    );
    expect(conditionName({ kind: 'Annet', text: 'Styregodkjenning' })).toBe('forbeholdet «Styregodkjenning»');
  });

  it('lapses at its deadline unless waived', () => {
    const until = new Date('2026-12-12T11:00:00Z');
    expect(conditionState({ waivedAt: null, until }, new Date('2026-12-12T10:59:59Z')).state).toBe('active');
    expect(conditionState({ waivedAt: null, until }, until)).toEqual({ state: 'lapsed', lapsedAt: until });
    expect(conditionState({ waivedAt: new Date('2026-12-11T10:00:00Z'), until }, until).state).toBe('waived');
  });

  it('adds the state only to a condition no longer in force', () => {
    const entry = {
      conditions: 'x',
      conditionItems: [
        {
          kind: 'Finansiering' as const,
          text: null,
          until: null,
          state: 'waived' as const,
          waivedAt: '2026-12-07T12:14:00Z',
          lapsedAt: null,
        },
        {
          kind: 'Annet' as const,
          text: 'Styregodkjenning',
          until: null,
          state: 'active' as const,
          waivedAt: null,
          lapsedAt: null,
        },
      ],
    };
    expect(conditionsWithStates(entry)).toBe(
      'Finansiering – Frafalt 7. desember 2026 kl. 13:14\nStyregodkjenning',
    );
    expect(conditionsWithStates({ conditions: 'Gamle ord' })).toBe('Gamle ord');
  });
});
