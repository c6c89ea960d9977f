import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';
import { HttpSmsSender } from './http-sms';
import { LogSmsSender, type SmsSender } from './sms-sender';

/** The SMS provider chosen by SMS_PROVIDER. */
export function createSmsSender(env: Env, log: FastifyBaseLogger): SmsSender {
  if (env.SMS_PROVIDER === 'http' && env.SMS_HTTP_URL) {
    return new HttpSmsSender({ url: env.SMS_HTTP_URL, token: env.SMS_HTTP_TOKEN, from: env.SMS_SENDER });
  }
  // Nobody gets a text message in production with the log provider; say so where the operator looks.
  if (env.NODE_ENV === 'production') {
    log.warn('SMS is NOT being delivered: SMS_PROVIDER=log only writes masked messages to the log');
  }
  return new LogSmsSender(log);
}
