import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, maskEmail, maskPhone, maskText, redactUrl } from './logging';

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
    [
      '/api/uploads/abc?expires=1795461475594&sig=c2lnbmF0dXJl',
      '/api/uploads/abc?expires=1795461475594&sig=[REDACTED]',
    ],
    [
      'Bekreft: http://localhost:5000/verify-email?token=abc-123_x. Hilsen',
      'Bekreft: http://localhost:5000/verify-email?token=[REDACTED] Hilsen',
    ],
    ['/reset-password?token=abc#top', '/reset-password?token=[REDACTED]#top'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/api/bid-rounds?page=2&sort=name',
    '/api/auth/verify-email',
    '/api/token/abc',
    '/x?tokenType=email',
    '/x?signature=1&design=2',
  ])('leaves %s alone', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});

describe('masking personal data for the log', () => {
  it.each([
    ['kari@example.no', 'k***@e***.no'],
    ['Ola.Nordmann@mail.example.co.uk', 'O***@m***.uk'],
    ['root@localhost', 'r***@l***'],
    ['ikke-en-adresse', '***'],
    ['@example.no', '***'],
  ])('maskEmail(%s) → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it.each([
    ['+47 41234567', '+47 ****4567'],
    ['+47 412 34 567', '+47 ****4567'],
    ['+46 1234567', '+46 ****567'],
    ['+4741234567', '****4567'],
    ['41234567', '****4567'],
    ['+47 12', '+47 ****2'],
    ['', '****'],
  ])('maskPhone(%s) → %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it('maskText removes secret link parameters and masks e-mail addresses, and keeps the rest', () => {
    expect(
      maskText(
        'Budrunde: Nytt bud på Storgata 1: 4 500 000 kr. http://localhost:5000/budrunder/7?token=hemmelig Svar til kari@example.no',
      ),
    ).toBe(
      'Budrunde: Nytt bud på Storgata 1: 4 500 000 kr. http://localhost:5000/budrunder/7?token=[REDACTED] Svar til k***@e***.no',
    );
    expect(maskText('Budrunde: Nytt bud. http://localhost:5000/budrunder/7')).toBe(
      'Budrunde: Nytt bud. http://localhost:5000/budrunder/7',
    );
  });

  it('maskText hides the code of an SMS that confirms a number, and keeps amounts', () => {
    expect(maskText('Budrunde: Koden din er 479945. Den gjelder i 10 minutter. Ikke gi den til noen.')).toBe(
      'Budrunde: Koden din er [REDACTED]. Den gjelder i 10 minutter. Ikke gi den til noen.',
    );
    expect(maskText('Budrunde: Nytt bud på 4500000 kr')).toBe('Budrunde: Nytt bud på 4500000 kr');
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
