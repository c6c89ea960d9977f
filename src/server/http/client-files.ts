import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientPage, pageNotFoundKey, roundOfPage, routerLocation } from '../../shared/pages';
import { NotFound } from '../errors';
import { FIRST_SCREEN_BUDGET_MS, firstScreenLoader } from './first-screen';
import { pageChunks } from './page-chunks';
import { pageHtml, pageShell, renderedPageHtml } from './page-html';
import { pageRenderGate, type RenderPage } from './page-render';
import { withinMs } from './within-ms';

/** What the page handler asks the features, registered from app.ts. */
export interface PageLookups {
  /** Whether the round exists (it was never made, or deleted, otherwise). */
  roundExists(id: string): Promise<boolean>;
}

/**
 * Serves the built client from `clientDir` (when it exists) and answers every unknown path: JSON 404 for
 * /api, /objects, /assets (a chunk gone after a deploy must fail as one, not arrive as a page) and /metrics
 * (there when METRICS_TOKEN is set), the client's index.html for pages: 200 for its pages, and 404 for any
 * other path and for a round page of a round that does not exist, with the client's 404 page.
 */
export async function registerClientFiles(
  app: FastifyInstance,
  clientDir: string | null,
  render: RenderPage | null = null,
  lookups: PageLookups | null = null,
): Promise<void> {
  const indexFile = clientDir ? join(clientDir, 'index.html') : null;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  if (clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build stores each file also as .br and .gz (vite-plugin-compression2): sent to browsers that take them.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/, so those files never change.
        const immutable = path.includes('/assets/');
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const chunksFor = clientDir ? pageChunks(clientDir) : null;
  const firstScreen = firstScreenLoader(app);
  const shell = indexHtml ? pageShell(indexHtml) : null;
  const renderer = render && shell ? pageRenderGate(render) : null;

  /**
   * Whether the path is one of the client's pages, and names a round that exists. A lookup that fails or
   * runs past the page's deadline counts as found: the page then finds out itself, as before.
   */
  async function pageExists(path: string, deadline: number): Promise<boolean> {
    if (!isClientPage(path)) return false;
    const round = roundOfPage(path);
    if (round === undefined || !lookups) return true;
    if (round === null) return false;
    const found = await withinMs(deadline - Date.now(), () => lookups.roundExists(round).catch(() => true));
    return found !== false;
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|objects|assets|metrics)(\/|$)/.test(path);
    if (!wantsPage || !indexHtml || !chunksFor) throw new NotFound();
    // The page carries the visitor's own first data (first-screen.ts), so, like the API's answers, it is
    // kept by no cache.
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const deadline = Date.now() + FIRST_SCREEN_BUDGET_MS;
    const location = routerLocation(path);
    const missing = !(await pageExists(location, deadline));
    if (missing) reply.status(404);
    if (request.method === 'HEAD') return reply.send(indexHtml);
    const { data, signedIn } = await firstScreen(request, path, deadline, missing);
    const files = chunksFor(path, signedIn, missing);
    const rendering = data.entries.length > 0;
    // The client shows its 404 page for this address, as the server answered, whatever its router matches.
    if (missing) data.entries.push({ key: pageNotFoundKey(location), data: true });
    // Pages with first data are rendered here (decision 024), within the same budget: the render uses that
    // data alone, the visitor's own answers, so it shows what the browser would have.
    if (renderer && shell && rendering) {
      const renderData = { ...data, renderedAt: Date.now() };
      const rendered = await renderer.render(request.url, renderData, deadline, request.log);
      if (rendered !== null) return reply.send(renderedPageHtml(shell, files, renderData, rendered));
    }
    return reply.send(pageHtml(indexHtml, files, data));
  });
}
