import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';
import { HttpSmsSender } from './http-sms';
import { LogSmsSender, type SmsSender } from './sms-sender';

/** The SMS provider chosen by SMS_PROVIDER. */
export function createSmsSender(env: Env, log: FastifyBaseLogger): SmsSender {
  if (env.SMS_PROVIDER === 'http' && env.SMS_HTTP_URL) {
    return new HttpSmsSender({ url: env.SMS_HTTP_URL, token: env.SMS_HTTP_TOKEN, from: env.SMS_SENDER });
  }
  return new LogSmsSender(log);
}
