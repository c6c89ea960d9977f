import { describe, expect, it } from 'vitest';
import { pageAfterLogin } from './window-events';

describe('pageAfterLogin: where logging in leads when nothing asked otherwise', () => {
  it('back to the page the user was on', () => {
    expect(pageAfterLogin('/budrunder/59682ac4-84e0-4439-b3bf-b16ff234a36b')).toBe(
      '/budrunder/59682ac4-84e0-4439-b3bf-b16ff234a36b',
    );
    expect(pageAfterLogin('/admin')).toBe('/admin');
    expect(pageAfterLogin('/how-it-works')).toBe('/how-it-works');
    expect(pageAfterLogin('/')).toBe('/');
  });

  it('home from the pages of one-time links and registration, and from anything that is not a path here', () => {
    for (const location of [
      '/verify-email',
      '/reset-password',
      '/register',
      '//elsewhere.example',
      'https://x.no',
    ]) {
      expect(pageAfterLogin(location), location).toBe('/');
    }
  });
});
