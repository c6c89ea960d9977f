import { describe, expect, it } from 'vitest';
import { identityOutcomeOf } from './identity';

describe('the outcome in an address', () => {
  it('reads a known outcome from the search, and nothing else', () => {
    expect(identityOutcomeOf('?login=1&identitet=sperret')).toBe('sperret');
    expect(identityOutcomeOf('identitet=bekreftet')).toBe('bekreftet');
    expect(identityOutcomeOf('?identitet=<script>')).toBeNull();
    expect(identityOutcomeOf('?login=1')).toBeNull();
    expect(identityOutcomeOf('')).toBeNull();
  });
});
