import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { FirstScreenData } from '../../shared/first-screen';
import { CURRENT_USER_KEY } from '../../shared/query-keys';

/**
 * Renders a page to HTML from the visitor's first data: src/client/server-render.tsx, built into dist/ssr.
 * `url` is the page's address as requested, path and query (`/?login=1`), so that the render reads the same
 * address as the browser will while it hydrates.
 */
export type RenderPage = (url: string, data: FirstScreenData, signal?: AbortSignal) => Promise<string>;

/**
 * The client's server render from the build (`vite build --ssr`), or null when the build has none (a build
 * from before decision 024, or the dev server): pages then go out as before and render in the browser.
 * The module is loaded on first use (warmUpRenderer, at start-up), not when the app is built: it is the whole
 * client, and apps that serve only the API (the tests, mostly) never need it.
 */
export function loadPageRenderer(file: string): RenderPage | null {
  if (!existsSync(file)) return null;
  let loaded: Promise<RenderPage> | null = null;
  return (url, data, signal) => {
    loaded ??= import(pathToFileURL(file).href).then(
      (module: { renderPage: RenderPage }) => module.renderPage,
    );
    return loaded.then((render) => render(url, data, signal));
  };
}

/**
 * The page rendered by `deadline`, or null when it failed or would be late: the page then goes out unrendered
 * and the browser renders it, as it did before server rendering. A late render is aborted, so it stops
 * taking CPU from the pages after it.
 */
export async function renderWithin(
  render: RenderPage,
  url: string,
  data: FirstScreenData,
  deadline: number,
  log: FastifyBaseLogger,
): Promise<string | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Math.max(0, deadline - Date.now()));
  try {
    const html = await render(url, data, controller.signal);
    if (controller.signal.aborted) throw new Error('late');
    return html;
  } catch (err) {
    log.warn(
      { err: controller.signal.aborted ? 'over budget' : (err as Error).message, url },
      'page not rendered on the server; the browser renders it',
    );
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** A warm-up render that takes longer than this is given up, so that it can never keep a process from starting. */
const WARM_UP_LIMIT_MS = 10_000;

/**
 * Loads the render module and renders the visitor's landing page once, before the process takes traffic: the
 * first render also compiles the client (about half a second), which would otherwise put the first visitor's
 * page over its budget. A failure is only logged: pages then render in the browser.
 */
export async function warmUpRenderer(render: RenderPage, log: FastifyBaseLogger): Promise<void> {
  try {
    await render(
      '/',
      { entries: [{ key: CURRENT_USER_KEY, data: null }] },
      AbortSignal.timeout(WARM_UP_LIMIT_MS),
    );
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'the server render does not work; pages render in the browser');
  }
}
