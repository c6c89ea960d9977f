import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

describe('canonical JSON of a signed act', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    const act = { kind: 'bid', amount: 5_250_000, bid: { z: 1, a: [true, null, 'x'] }, conditions: null };
    expect(canonicalJson(act)).toBe(
      '{"amount":5250000,"bid":{"a":[true,null,"x"],"z":1},"conditions":null,"kind":"bid"}',
    );
  });

  it('gives the same text whatever order the keys were written in', () => {
    expect(canonicalJson({ b: 2, a: 1 })).toBe(canonicalJson({ a: 1, b: 2 }));
  });

  it('leaves out undefined fields and escapes strings as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: 'Grünerløkka "10"\n' })).toBe('{"b":"Grünerløkka \\"10\\"\\n"}');
  });

  it('sorts keys by code units, as RFC 8785 does', () => {
    expect(canonicalJson({ b: 1, B: 2, å: 3, a: 4 })).toBe('{"B":2,"a":4,"b":1,"å":3}');
  });

  it('refuses amounts that are not whole numbers', () => {
    expect(() => canonicalJson({ amount: 1.5 })).toThrow();
    expect(() => canonicalJson({ amount: Number.NaN })).toThrow();
  });
});
