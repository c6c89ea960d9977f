import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logging';

describe('redactUrl', () => {
  it.each([
    ['/api/auth/verify-email?token=abc', '/api/auth/verify-email?token=[REDACTED]'],
    [
      '/api/auth/reset-password?email=kari%40example.no&token=abc123&next=%2F',
      '/api/auth/reset-password?email=kari%40example.no&token=[REDACTED]&next=%2F',
    ],
    ['/api/auth/verify-email?TOKEN=abc', '/api/auth/verify-email?TOKEN=[REDACTED]'],
    ['/x?Token=abc&token=def', '/x?Token=[REDACTED]&token=[REDACTED]'],
    ['/x?token=', '/x?token=[REDACTED]'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/api/bid-rounds?page=2&sort=name',
    '/api/auth/verify-email',
    '/api/token/abc',
    '/x?tokenType=email',
  ])('leaves %s alone', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});

/** A pino logger built from loggerOptions, writing JSON lines into an array. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream, text: () => lines.join('') };
}

function pinoOptions(): pino.LoggerOptions {
  const options = loggerOptions('info');
  if (typeof options !== 'object' || options === null) throw new Error('expected logger options');
  return options as pino.LoggerOptions;
}

describe('loggerOptions', () => {
  it('uses the given level and a [REDACTED] censor', () => {
    const options = pinoOptions();
    expect(options.level).toBe('info');
    expect(options.redact).toMatchObject({ censor: '[REDACTED]' });
    expect(pino(pinoOptions(), capture().stream).level).toBe('info');
    expect(pino({ ...pinoOptions(), level: 'warn' }).isLevelEnabled('info')).toBe(false);
  });

  it('logs a request as method, redacted url and address only', () => {
    const out = capture();
    const log = pino(pinoOptions(), out.stream);
    const fakeRequest = {
      method: 'GET',
      url: '/api/auth/verify-email?token=e-post-token-123',
      ip: '203.0.113.9',
      headers: { cookie: 'budrunde.sid=session-verdi-456', authorization: 'Bearer bearer-789' },
    };
    log.info({ req: fakeRequest }, 'incoming request');

    const entry = JSON.parse(out.lines[0] ?? '{}');
    expect(entry.req).toEqual({
      method: 'GET',
      url: '/api/auth/verify-email?token=[REDACTED]',
      remoteAddress: '203.0.113.9',
    });
    expect(out.text()).not.toMatch(/e-post-token-123|session-verdi-456|bearer-789/);
  });

  it('removes passwords and tokens from logged objects', () => {
    const out = capture();
    const log = pino(pinoOptions(), out.stream);
    log.info(
      {
        body: {
          email: 'kari@example.no',
          password: 'hunter2',
          newPassword: 'nytt-passord',
          currentPassword: 'gammelt-passord',
          confirmPassword: 'nytt-passord',
          token: 'tilbakestill-token',
        },
      },
      'request body',
    );

    const entry = JSON.parse(out.lines[0] ?? '{}');
    expect(entry.body).toEqual({
      email: 'kari@example.no',
      password: '[REDACTED]',
      newPassword: '[REDACTED]',
      currentPassword: '[REDACTED]',
      confirmPassword: '[REDACTED]',
      token: '[REDACTED]',
    });
    expect(out.text()).not.toMatch(/hunter2|nytt-passord|gammelt-passord|tilbakestill-token/);
  });

  it('removes Set-Cookie from logged response headers', () => {
    const out = capture();
    const log = pino(pinoOptions(), out.stream);
    log.info({ res: { statusCode: 200, headers: { 'set-cookie': 'budrunde.sid=ny-session-321' } } }, 'reply');

    expect(JSON.parse(out.lines[0] ?? '{}').res).toEqual({
      statusCode: 200,
      headers: { 'set-cookie': '[REDACTED]' },
    });
    expect(out.text()).not.toContain('ny-session-321');
  });

  it('a Fastify app with these options keeps tokens and cookies out of its request logs', async () => {
    const out = capture();
    const app = Fastify({ logger: { ...pinoOptions(), stream: out.stream } });
    app.get('/api/auth/verify-email', async () => ({ ok: true }));
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=e-post-token-123',
      headers: { cookie: 'budrunde.sid=session-verdi-456', authorization: 'Bearer bearer-789' },
    });
    await app.close();

    expect(res.statusCode).toBe(200);
    expect(out.text()).toContain('/api/auth/verify-email?token=[REDACTED]');
    expect(out.text()).not.toMatch(/e-post-token-123|session-verdi-456|bearer-789/);
  });
});
