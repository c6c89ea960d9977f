import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { OPENAPI_PATH } from './api-docs';

// Decision 032: what the common responses add (http/responses.ts) follows each route's own declaration,
// so the document neither misses nor invents an answer.

type Operation = { security?: unknown[]; responses: Record<string, unknown> };
let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await createTestApp();
  paths = (await t.request({ method: 'GET', url: OPENAPI_PATH })).json().paths;
});
afterAll(() => t.close());

const operation = (method: string, path: string) => {
  const found = paths[path]?.[method];
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return found;
};

describe('the API document', () => {
  it('names the session cookie on the calls that need a signed-in user, and on no public one', () => {
    for (const [method, path] of [
      ['get', '/api/bid-rounds/user'],
      ['post', '/api/bids'],
      ['get', '/api/admin/all-users'],
    ] as const) {
      expect(operation(method, path).security, `${method} ${path}`).toEqual([{ session: [] }]);
      expect(Object.keys(operation(method, path).responses)).toContain('401');
    }
    for (const [method, path] of [
      ['get', '/api/bid-rounds/active'],
      ['post', '/api/auth/login'],
      ['get', '/api/health'],
    ] as const) {
      expect(operation(method, path).security, `${method} ${path}`).toBeUndefined();
    }
  });

  it('lists 403 for a non-admin only where the route is an admin one or its own rules refuse', () => {
    expect(Object.keys(operation('get', '/api/admin/all-users').responses)).toContain('403');
    expect(Object.keys(operation('get', '/api/bid-rounds/user').responses)).not.toContain('403');
  });

  it('lists 415 for JSON bodies, but not for the raw uploads, which take any type', () => {
    expect(Object.keys(operation('post', '/api/bids').responses)).toContain('415');
    expect(Object.keys(operation('put', '/api/objects/uploads/{id}').responses)).not.toContain('415');
    expect(Object.keys(operation('post', '/api/financing-proofs').responses)).not.toContain('415');
    expect(Object.keys(operation('put', '/api/objects/uploads/{id}').responses)).toContain('413');
  });

  it('documents the salgsoppgave upload as a PDF body, 413 over 25 MB and no 415', () => {
    const upload = operation('put', '/api/bid-rounds/{id}/prospectus') as Operation & {
      requestBody?: { content: Record<string, { schema: unknown }> };
    };
    expect(upload.requestBody?.content['application/pdf']?.schema).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(Object.keys(upload.responses)).toEqual(
      expect.arrayContaining(['200', '400', '403', '409', '413']),
    );
    expect(Object.keys(upload.responses)).not.toContain('415');
  });
});
