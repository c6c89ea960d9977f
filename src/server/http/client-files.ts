import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../errors';
import { FIRST_SCREEN_BUDGET_MS, firstScreenLoader } from './first-screen';
import { pageChunks } from './page-chunks';
import { pageHtml, pageShell, renderedPageHtml } from './page-html';
import { pageRenderGate, type RenderPage } from './page-render';

/**
 * Serves the built client from `clientDir` (when it exists) and answers every unknown path: JSON 404 for
 * /api, /objects and /assets (a chunk gone after a deploy must fail as one, not arrive as a page), the
 * client's index.html for pages, so that its router can show its own 404 page.
 */
export async function registerClientFiles(
  app: FastifyInstance,
  clientDir: string | null,
  render: RenderPage | null = null,
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

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|objects|assets)(\/|$)/.test(path);
    if (!wantsPage || !indexHtml || !chunksFor) throw new NotFound();
    // The page carries the visitor's own first data (first-screen.ts), so, like the API's answers, it is
    // kept by no cache.
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (request.method === 'HEAD') return reply.send(indexHtml);
    const deadline = Date.now() + FIRST_SCREEN_BUDGET_MS;
    const { data, signedIn } = await firstScreen(request, path, deadline);
    const files = chunksFor(path, signedIn);
    // Pages with first data are rendered here (decision 024), within the same budget: the render uses that
    // data alone, the visitor's own answers, so it shows what the browser would have.
    if (renderer && shell && data.entries.length > 0) {
      const renderData = { ...data, renderedAt: Date.now() };
      const rendered = await renderer.render(request.url, renderData, deadline, request.log);
      if (rendered !== null) return reply.send(renderedPageHtml(shell, files, renderData, rendered));
    }
    return reply.send(pageHtml(indexHtml, files, data));
  });
}
