import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Each page's own chunk, by the module the client's router loads for it (src/client/app/router.tsx). Not the
 * bid form's date picker: named here, it competed with the photo and the page's own chunks (measured with
 * Lighthouse), and it loads while the form renders anyway.
 */
const PAGE_MODULES: { path: RegExp; signedIn?: boolean; modules: string[] }[] = [
  { path: /^\/$/, signedIn: true, modules: ['app/pages/active-rounds-page.tsx'] },
  { path: /^\/budrunder\/[^/]+$/, modules: ['app/pages/round-page.tsx'] },
  { path: /^\/admin$/, modules: ['app/pages/admin-page.tsx'] },
  { path: /^\/how-it-works$/, modules: ['app/pages/static/how-it-works-page.tsx'] },
  { path: /^\/contact$/, modules: ['app/pages/static/contact-page.tsx'] },
  { path: /^\/personvern$/, modules: ['app/pages/static/privacy-page.tsx'] },
  { path: /^\/vilkaar$/, modules: ['app/pages/static/terms-page.tsx'] },
  { path: /^\/cookies$/, modules: ['app/pages/static/cookies-page.tsx'] },
  { path: /^\/register$/, modules: ['app/pages/register-page.tsx'] },
  { path: /^\/kontroller-budjournal$/, modules: ['app/pages/check-journal-page.tsx'] },
];

/** The 404 page's, for any path the server answers 404 (client-files.ts). */
const NOT_FOUND_MODULES = ['app/pages/not-found-page.tsx'];

export const PAGE_MODULE_SOURCES = [
  ...new Set([...PAGE_MODULES.flatMap((page) => page.modules), ...NOT_FOUND_MODULES]),
];

export interface PageFiles {
  scripts: string[];
  styles: string[];
}

/**
 * The files a page loads after the main script has run, read from the build's manifest: named in the HTML,
 * they load beside the main script instead of one round trip after it. Without a manifest (an old build),
 * none are named and the pages load as before.
 */
export function pageChunks(
  clientDir: string,
): (path: string, signedIn: boolean, notFound?: boolean) => PageFiles {
  const manifestFile = join(clientDir, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  // The main script's own imports are named by index.html already.
  const inMain = new Set<string>();
  collect(manifest, 'index.html', inMain);
  const cache = new Map<string, PageFiles>();
  return (path, signedIn, notFound = false) => {
    const page = notFound
      ? { modules: NOT_FOUND_MODULES }
      : PAGE_MODULES.find((p) => p.path.test(path) && (p.signedIn === undefined || p.signedIn === signedIn));
    if (!page) return { scripts: [], styles: [] };
    const cacheKey = page.modules.join(' ');
    let files = cache.get(cacheKey);
    if (!files) {
      const keys = new Set<string>();
      for (const module of page.modules) collect(manifest, module, keys, inMain);
      const chunks = [...keys].map((key) => manifest[key]).filter((chunk) => chunk !== undefined);
      files = {
        scripts: chunks.map((chunk) => `/${chunk.file}`),
        styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`),
      };
      cache.set(cacheKey, files);
    }
    return files;
  };
}

function collect(manifest: Manifest, key: string, into: Set<string>, skip = new Set<string>()): void {
  if (into.has(key) || skip.has(key) || !manifest[key]) return;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) collect(manifest, imported, into, skip);
}
