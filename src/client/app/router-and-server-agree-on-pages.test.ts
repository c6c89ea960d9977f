import { type ComponentProps, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router, useRoute } from 'wouter';
import { isClientPage, PAGE_PATHS, roundOfPage, routerLocation } from '../../shared/pages';

// The server answers 404 for a path unless isClientPage says the router has a page for it
// (src/server/http/client-files.ts); this checks that answer against wouter's own matching of the same
// patterns, escapes, letter case and trailing slashes included.
function routerMatches(path: string): string[] {
  const matched: string[] = [];
  function Probe({ pattern }: { pattern: string }) {
    const [match] = useRoute(pattern);
    if (match) matched.push(pattern);
    return null;
  }
  const probes = Object.values(PAGE_PATHS).map((pattern) => createElement(Probe, { key: pattern, pattern }));
  // Children as createElement's own arguments; its props type wants them named as well.
  const props = { ssrPath: path } as ComponentProps<typeof Router>;
  renderToString(createElement(Router, props, ...probes));
  return matched;
}

const PATHS = [
  '/',
  '/register',
  '/register/',
  '/REGISTER',
  '/verify-email',
  '/reset-password',
  '/budrunder/2f1c0e0a-5b7e-4c41-9a55-0d7c1d2b3e4f',
  '/budrunder/ikke-en-id',
  '/budrunder/',
  '/budrunder',
  '/budrunder/a/b',
  '/budrunder/%E2%82%AC',
  '/admin',
  '/admin/brukere',
  '/how-it-works',
  '/how%2Dit-works',
  '/contact',
  '/personvern',
  '/Personvern/',
  '/vilkaar',
  '/cookies',
  '/cookies.txt',
  '/finnes-ikke',
  '/finnes%20ikke',
  '//',
  '/%E0%A4%A',
];

describe('the server’s list of pages matches as the client’s router does', () => {
  it.each(PATHS)('%s', (path) => {
    const matched = routerMatches(path);
    const location = routerLocation(path);
    expect(isClientPage(location)).toBe(matched.length > 0);
    expect(roundOfPage(location) !== undefined).toBe(matched.includes(PAGE_PATHS.round));
  });
});
