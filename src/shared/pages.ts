/**
 * The client's pages, by the patterns its router matches (src/client/app/router.tsx reads them from here).
 * The server answers 404 for any other path (src/server/http/client-files.ts), so the two cannot disagree.
 */
export const PAGE_PATHS = {
  home: '/',
  register: '/register',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  round: '/budrunder/:id',
  admin: '/admin',
  howItWorks: '/how-it-works',
  contact: '/contact',
  privacy: '/personvern',
  terms: '/vilkaar',
  cookies: '/cookies',
  /** Where a home buyer checks a downloaded chain in the browser (decision 062). */
  checkJournal: '/kontroller-budjournal',
} as const;

/**
 * A pattern as the router's matcher (wouter, through regexparam) reads it: any letter case, an optional
 * trailing slash, and `:name` for one segment.
 */
function patternOf(path: string): RegExp {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '/([^/]+?)' : `/${segment}`));
  return new RegExp(`^${segments.join('')}/?$`, 'i');
}

const PAGES = Object.values(PAGE_PATHS).map(patternOf);
const ROUND_PAGE = patternOf(PAGE_PATHS.round);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The address the router sees for a request's path (without its query): wouter decodes escapes such as %20
 * (decodeURI, keeping a path it cannot decode as it is), and so must the server to match as it does.
 */
export function routerLocation(path: string): string {
  try {
    return path.includes('%') ? decodeURI(path) : path;
  } catch {
    return path;
  }
}

/** Whether the client has a page at `path`, a routerLocation. */
export function isClientPage(path: string): boolean {
  return PAGES.some((page) => page.test(path));
}

/**
 * The round a round page's path names: its id, null for a path of the round page that cannot name a round
 * (a malformed id), undefined for any other page.
 */
export function roundOfPage(path: string): string | null | undefined {
  const id = ROUND_PAGE.exec(path)?.[1];
  if (id === undefined) return undefined;
  return UUID.test(id) ? id.toLowerCase() : null;
}

/**
 * The cache key under which a page's first data says that the page does not exist, so that the browser
 * shows the same 404 page the server answered with (and hydrates the one it rendered).
 */
export const pageNotFoundKey = (path: string) => ['page-not-found', path] as const;
