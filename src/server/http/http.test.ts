import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';

let t: TestApp;
const clientDir = mkdtempSync(join(tmpdir(), 'budrunde-client-'));

beforeAll(async () => {
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({
    clientDir,
    extend: (app) => {
      app.post(
        '/api/test/echo',
        {
          config: { access: 'public' },
          schema: { body: z.object({ name: z.string().min(2, 'For kort navn') }) },
        },
        async (request) => request.body,
      );
      app.get('/api/test/crash', { config: { access: 'public' } }, async () => {
        throw new Error('secret internals: password=hunter2');
      });
    },
  });
});
afterAll(() => t.close());

describe('health and routing', () => {
  it('GET /api/health says the process is alive; GET /api/ready says the database answers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const ready = await t.request({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('unknown /api paths get a JSON 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/whatever' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Fant ikke ressursen' });
  });

  it("every other path serves the client, for its page or (404) its 404 page, stored by no cache, since it carries the visitor's first data", async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/finnes-ikke', 404],
      ['/how-it-works?x=1', 200],
    ] as const) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('fingerprinted assets are cached for good', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('GET /api/auth/user answers 401 without a session', async () => {
    const res = await t.request({ method: 'GET', url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Ikke pålogget' });
  });

  it('a crash gives a 500 without internals', async () => {
    const res = await t.request({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json().message).toBe('Noe gikk galt på serveren. Prøv igjen senere.');
  });
});

describe('bad input', () => {
  const post = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    t.request({ method: 'POST', url: '/api/test/echo', payload, headers });

  it('accepts a valid JSON body', async () => {
    const res = await post(JSON.stringify({ name: 'Kari' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Kari' });
  });

  it('malformed JSON is a 400 with a Norwegian message', async () => {
    const res = await post('{"name":');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Forespørselen inneholder ugyldig JSON' });
  });

  it('a body that is not JSON is refused with 415', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await post('name=Kari', { 'content-type': type });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('Innholdstypen støttes ikke. Send JSON.');
    }
  });

  it('an oversized body is refused with 413', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(200 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Forespørselen er for stor');
  });

  it('schema errors come back as { message, errors: [{ path, message }] }', async () => {
    const res = await post(JSON.stringify({ name: 'K' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'For kort navn',
      errors: [{ path: 'name', message: 'For kort navn' }],
    });
  });

  it('zod’s own messages are Norwegian too', async () => {
    const res = await post(JSON.stringify({ name: 42 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toMatch(/^Ugyldig input/);
  });
});

describe('CSRF', () => {
  const echo = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'Kari' },
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('refuses a mutation without Origin or Sec-Fetch-Site', async () => {
    const res = await echo({});
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/avvist/);
  });

  it('refuses another origin, and cross-site fetch metadata', async () => {
    expect((await echo({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await echo({ 'sec-fetch-site': 'cross-site', origin: 'http://localhost:5000' })).statusCode).toBe(
      403,
    );
    expect((await echo({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
  });

  it('accepts the app’s own origin, the request’s own host, or same-origin fetch metadata', async () => {
    expect((await echo({ origin: 'http://localhost:5000' })).statusCode).toBe(200);
    expect((await echo({ origin: 'http://budrunde.test', host: 'budrunde.test' })).statusCode).toBe(200);
    expect((await echo({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('does not apply to reads', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a CSP that allows no inline script', async () => {
    const res = await t.request({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});
