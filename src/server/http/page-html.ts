import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData, firstPhoto } from '../../shared/first-screen';
import { photoSources } from '../../shared/format/photo-layout';
import { escapeHtml } from '../html-escape';
import type { PageFiles } from './page-chunks';

/**
 * JSON that is safe inside a <script> element: a title such as '</script><script>…' must not end the element,
 * so '<', '>' and '&' are written as \u escapes, which JSON.parse reads back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The first photo's preload, with the srcset and sizes of its <img>: the browser then picks the same stored
 * size for both, and fetches it once (decision 047).
 */
function photoPreload(url: string, sizes: string): string {
  const sources = photoSources(url, sizes);
  const responsive =
    sources.srcSet && sources.sizes
      ? ` imagesrcset="${escapeHtml(sources.srcSet)}" imagesizes="${escapeHtml(sources.sizes)}"`
      : '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(url)}"${responsive}>`;
}

/** What the page needs first, named in its head: see pageHtml and renderedPageHtml. */
function headTags(data: FirstScreenData | null): string[] {
  const tags: string[] = [];
  if (data && data.entries.length > 0) {
    const photo = firstPhoto(data);
    if (photo) tags.push(photoPreload(photo.url, photo.sizes));
    tags.push(
      `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${jsonForScript(data)}</script>`,
    );
  }
  return tags;
}

// Replaced by functions, not strings: in a replacement string '$`', "$'" and '$&' are patterns, and a title
// with one of them would paste part of the page into the JSON.
function beforeHeadEnd(html: string, tags: string[]): string {
  return tags.length === 0 ? html : html.replace('</head>', () => `${tags.join('\n')}\n</head>`);
}

/**
 * index.html with what the page needs first named in its head: its chunks and their styles (loaded at once,
 * not after the main script), the first card's photo (fetched beside the scripts, since it is what a phone's
 * first screen mostly shows), and the page's first data as JSON that the client reads before its first render.
 */
export function pageHtml(indexHtml: string, files: PageFiles, data: FirstScreenData | null): string {
  const tags: string[] = [];
  for (const script of files.scripts)
    tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(script)}">`);
  for (const style of files.styles)
    tags.push(`<link rel="preload" as="style" crossorigin href="${escapeHtml(style)}">`);
  return beforeHeadEnd(indexHtml, [...tags, ...headTags(data)]);
}

/** index.html without the scripts its head starts: the client's entry and the chunks it preloads. */
export interface PageShell {
  html: string;
  entry: string;
  preloads: string[];
}

const ENTRY_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/** The shell of a build's index.html, or null when it has no module script (not a Vite build). */
export function pageShell(indexHtml: string): PageShell | null {
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  if (!entry) return null;
  const preloads = [...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const html = indexHtml.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  return { html, entry, preloads };
}

/**
 * A page the server rendered (decision 024): the HTML in #root, the page's styles as stylesheets (its first
 * paint needs them), and no script in the head. /boot.js, deferred at the end of the body, starts the
 * client's scripts after the first paint: started in the head, they compete with the page's own HTML, CSS
 * and photo, and the first paint waits for them.
 */
export function renderedPageHtml(
  shell: PageShell,
  files: PageFiles,
  data: FirstScreenData,
  rendered: string,
): string {
  const tags = files.styles.map((style) => `<link rel="stylesheet" crossorigin href="${escapeHtml(style)}">`);
  const preloads = [...shell.preloads, ...files.scripts].join(' ');
  const boot = `<script defer src="/boot.js" data-entry="${escapeHtml(shell.entry)}" data-preload="${escapeHtml(preloads)}"></script>`;
  return beforeHeadEnd(shell.html, [...tags, ...headTags(data)])
    .replace('<div id="root"></div>', () => `<div id="root">${rendered}</div>`)
    .replace('</body>', () => `${boot}\n</body>`);
}
