import { describe, expect, it } from 'vitest';
import { captureLog } from '../../../tests/setup/memory-logger';
import { parseEnv } from '../env';
import { createSmsSender } from './create-sms-sender';
import { LogSmsSender } from './sms-sender';

describe('the log SMS provider', () => {
  it('logs the number masked and the round link as it is', async () => {
    const out = captureLog();
    const text =
      'Budrunde: Nytt bud på Storgata 1, 0155 Oslo: 4 500 000 kr. http://localhost:5000/budrunder/42';
    await new LogSmsSender(out.log).send('+47 41234567', text);

    expect(out.entries()).toEqual([
      expect.objectContaining({
        level: 30,
        to: '+47 ****4567',
        text,
        msg: 'SMS not sent (SMS_PROVIDER=log)',
      }),
    ]);
    expect(out.text()).not.toContain('41234567');
  });

  it('never logs a token or an e-mail address that a text might carry', async () => {
    const out = captureLog();
    await new LogSmsSender(out.log).send(
      '+4799887766',
      'Logg inn: http://localhost:5000/reset-password?token=s3cr3t-t0ken_abc eller skriv til kari@example.no',
    );

    const [entry] = out.entries();
    expect(entry).toMatchObject({
      to: '****7766',
      text: 'Logg inn: http://localhost:5000/reset-password?token=[REDACTED] eller skriv til k***@e***.no',
    });
    expect(out.text()).not.toMatch(/s3cr3t-t0ken_abc|kari@example\.no|99887766/);
  });
});

describe('createSmsSender', () => {
  const base = { DATA_DIR: '/tmp/budrunde-sms-test', SESSION_SECRET: 'x'.repeat(32) };

  it('warns at start-up when production only logs text messages', () => {
    const out = captureLog('info');
    const env = parseEnv({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(createSmsSender(env, out.log)).toBeInstanceOf(LogSmsSender);
    expect(out.entries()).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/SMS is NOT being delivered/) }),
    ]);
  });

  it('is quiet about it in development', () => {
    const out = captureLog('info');
    createSmsSender(parseEnv(base), out.log);
    expect(out.lines).toEqual([]);
  });
});
