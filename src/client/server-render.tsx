import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import type { FirstScreenData } from '../shared/first-screen';
import { App } from './app/app';
import { queryClientOptions } from './lib/query-client';

/**
 * The chunks of the pages the server renders, loaded with this module: a render whose page chunk is still
 * loading would wait for it inside the page's time budget.
 */
const pagesLoaded = Promise.all([
  import('./app/pages/active-rounds-page'),
  import('./app/pages/round-page'),
  import('./app/pages/not-found-page'),
]);

/**
 * The server's side of decision 024: a page rendered to HTML from the visitor's own first data, which the
 * browser then hydrates. Built by `vite build --ssr server-render.tsx` (vite.config.ts) into dist/ssr and
 * loaded by the page handler (src/server/http/client-files.ts).
 *
 * Each render has its own query cache, filled only with `data` (the answers the API gave this visitor), so a
 * page can show nothing the visitor could not have fetched, and no two visitors' renders share a cache.
 *
 * Rejects when any part of the page failed to render: React would otherwise send that part's fallback (the
 * page's spinner) for the browser to render, and report the error only on the console.
 */
export async function renderPage(url: string, data: FirstScreenData, signal?: AbortSignal): Promise<string> {
  await pagesLoaded;
  let failure: unknown = null;
  const client = new QueryClient(queryClientOptions);
  for (const entry of data.entries) client.setQueryData(entry.key, entry.data);
  // The browser hydrates from the same render time (lib/hydration.ts).
  const hydration = { renderedAt: data.renderedAt ?? Date.now() };
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={url}>
        <App client={client} hydration={hydration} />
      </Router>
    </StrictMode>,
    // One piece: React otherwise outlines large Suspense boundaries and completes them with an inline
    // <script>, which the CSP (script-src 'self') blocks, and hydration then fails (React error #419).
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal,
      onError: (error) => {
        failure ??= error;
      },
    },
  );
  try {
    const html = await streamToString(prelude);
    if (failure !== null) throw failure instanceof Error ? failure : new Error(String(failure));
    return html;
  } finally {
    client.clear();
  }
}

async function streamToString(stream: AsyncIterable<string | Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(typeof part === 'string' ? Buffer.from(part) : part);
  return Buffer.concat(parts).toString('utf8');
}
