import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { FirstScreenData } from '../../shared/first-screen';
import { CURRENT_USER_KEY } from '../../shared/query-keys';
import { LATE, withinMs } from './within-ms';

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

/** Below this much of the budget left, a render is not started: it would only be aborted. */
export const MIN_RENDER_MS = 50;
/**
 * At most this many renders at once per process. A render is CPU work on the event loop (10–20 ms for a
 * round page); past this many, pages go out unrendered instead of queueing behind each other.
 */
export const MAX_RENDERS_AT_ONCE = 4;

export interface RenderGate {
  /** The page rendered by `deadline`, or null: see pageRenderGate. */
  render(
    url: string,
    data: FirstScreenData,
    deadline: number,
    log: FastifyBaseLogger,
  ): Promise<string | null>;
}

/**
 * Renders pages by their deadline, or not at all: a render that throws, is still busy at the deadline, would
 * start with less than MIN_RENDER_MS left, or finds MAX_RENDERS_AT_ONCE already running gives null, and the
 * page goes out unrendered, to render in the browser as before server rendering. A late render is aborted,
 * so it stops taking CPU from the pages after it.
 */
export function pageRenderGate(render: RenderPage): RenderGate {
  let running = 0;
  return {
    async render(url, data, deadline, log) {
      const left = deadline - Date.now();
      if (left < MIN_RENDER_MS || running >= MAX_RENDERS_AT_ONCE) {
        log.warn({ url, leftMs: left, running }, 'page not rendered on the server: no time or too busy');
        return null;
      }
      running++;
      try {
        const html = await withinMs(left, (signal) => render(url, data, signal));
        if (html === LATE) throw new Error('over budget');
        return html;
      } catch (err) {
        log.warn(
          { err: (err as Error).message, url },
          'page not rendered on the server; the browser renders it',
        );
        return null;
      } finally {
        running--;
      }
    },
  };
}

/** A warm-up that takes longer than this is given up, so that it can never keep a process from starting. */
const WARM_UP_LIMIT_MS = 10_000;

/**
 * Loads the render module (with the chunks of the pages it renders) and renders the visitor's landing page
 * once, before the process takes traffic: the first render also compiles the client (about half a second),
 * which would otherwise put the first pages over their budget. A failure is only logged: pages then render
 * in the browser.
 */
export async function warmUpRenderer(render: RenderPage, log: FastifyBaseLogger): Promise<void> {
  try {
    const done = await withinMs(WARM_UP_LIMIT_MS, (signal) =>
      render('/', { entries: [{ key: CURRENT_USER_KEY, data: null }] }, signal),
    );
    if (done === LATE) throw new Error(`no render within ${WARM_UP_LIMIT_MS} ms`);
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'the server render does not work; pages render in the browser');
  }
}
