import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { DOCS_PATH, OPENAPI_PATH } from './api-docs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Document = { openapi: string; paths: Record<string, Record<string, unknown>> };

/**
 * Every route the server answers under /api, from Fastify's own route tree, as `METHOD /path/{param}`. The
 * tree prints each node under its parent with only its own part of the path ("├── s/active (GET, HEAD)"
 * under "/api/bid-round"), so the full path is put together from the indentation.
 */
function apiRoutes(app: TestApp['app']): string[] {
  const routes = new Set<string>();
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const depth = branch / 4;
    const [, part = '', methods] = line.slice(branch + 4).match(/^(\S+)(?: \(([A-Z, ]+)\))?$/) ?? [];
    const path = (parents[depth - 1] ?? '') + part;
    parents[depth] = path;
    parents.length = depth + 1;
    const openApiPath = path.replace(/:(\w+)/g, '{$1}');
    if (!methods || !openApiPath.startsWith('/api/')) continue;
    if (openApiPath.startsWith(DOCS_PATH) || openApiPath === OPENAPI_PATH) continue;
    for (const method of methods.split(', ')) if (method !== 'HEAD') routes.add(`${method} ${openApiPath}`);
  }
  return [...routes].sort();
}

describe('the OpenAPI document', () => {
  it('is served at /api/openapi.json as valid OpenAPI 3.1', async () => {
    const res = await t.request({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const document = res.json() as Document;
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('lists every API route the server answers, with its method', async () => {
    const document = (await t.request({ method: 'GET', url: OPENAPI_PATH })).json() as Document;
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const routes = apiRoutes(t.app);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('describes a route from its zod schema: the bid and its fields', async () => {
    const document = (await t.request({ method: 'GET', url: OPENAPI_PATH })).json() as {
      paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: unknown }> } } }>;
    };
    const body = document.paths['/api/bids']?.post?.requestBody?.content['application/json']?.schema;
    expect(JSON.stringify(body)).toContain('"amount"');
    expect(JSON.stringify(body)).toContain('"bidDeadline"');
  });

  it('has a readable page at /api/docs', async () => {
    const page = await t.request({ method: 'GET', url: `${DOCS_PATH}/` });
    const followed =
      page.statusCode === 302 ? await t.request({ method: 'GET', url: String(page.headers.location) }) : page;
    expect(followed.statusCode).toBe(200);
    expect(followed.headers['content-type']).toContain('text/html');
    expect(followed.body).toContain('swagger');
  });
});
