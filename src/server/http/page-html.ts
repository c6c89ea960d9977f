import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData, firstPhoto } from '../../shared/first-screen';
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
  if (data && data.entries.length > 0) {
    const photo = firstPhoto(data);
    if (photo) tags.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(photo)}">`);
    tags.push(
      `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${jsonForScript(data)}</script>`,
    );
  }
  if (tags.length === 0) return indexHtml;
  // A function, not a string: in a replacement string '$`', "$'" and '$&' are patterns, and a title with one
  // of them would paste part of the page into the JSON.
  return indexHtml.replace('</head>', () => `${tags.join('\n')}\n</head>`);
}
