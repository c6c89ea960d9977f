import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A built client in miniature, in a new temporary directory: `indexHtml` and a manifest in which the round
 * page's chunk imports a chunk of its own and one the main script has already, so that only the first two
 * are the page's to name.
 */
export function fakeClientDir(indexHtml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'budrunde-client-'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), indexHtml);
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', imports: ['_shared.js'], css: ['assets/index-1.css'] },
      '_shared.js': { file: 'assets/shared-1.js' },
      'app/pages/round-page.tsx': { file: 'assets/round-page-1.js', imports: ['_card.js', '_shared.js'] },
      '_card.js': { file: 'assets/card-1.js', css: ['assets/card-1.css'] },
    }),
  );
  return dir;
}
