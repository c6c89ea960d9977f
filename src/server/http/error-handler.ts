import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError, TooManyRequests } from '../errors';
import { CountersUnavailable } from '../security/counters';

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Forespørselen inneholder ugyldig JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Forespørselen mangler innhold',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Innholdstypen støttes ikke. Send JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Ugyldig innholdslengde',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Forespørselen er for stor',
};

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Ugyldig forespørsel',
  401: 'Du må være innlogget',
  403: 'Du har ikke tilgang til dette',
  404: 'Fant ikke ressursen',
  405: 'Metoden er ikke tillatt',
  413: 'Forespørselen er for stor',
  415: 'Innholdstypen støttes ikke',
  429: 'For mange forespørsler. Vent litt og prøv igjen.',
};

/**
 * Database errors carry the failed query's parameters (password hashes, addresses, e-mails) in their
 * message; the log gets the query text and the database's own reason, never the values.
 */
function loggableError(error: Error & { cause?: unknown; code?: string }) {
  const cause = error.cause as { message?: string; code?: string } | undefined;
  return {
    type: error.name,
    message: error.message.split('\nparams:')[0],
    code: error.code ?? cause?.code,
    cause: cause?.message,
    stack: error.stack?.split('\n').slice(1, 8).join('\n'),
  };
}

export const SERVER_ERROR_MESSAGE = 'Noe gikk galt på serveren. Prøv igjen senere.';
export const UNAVAILABLE_MESSAGE = 'Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.';

/** The one error contract: every failure becomes `{ message, errors? }` with the right status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfterSec = error instanceof TooManyRequests ? (error as TooManyRequests).retryAfterSec : 0;
      if (retryAfterSec) reply.header('retry-after', String(retryAfterSec));
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Ugyldig verdi',
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? 'Ugyldige data', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FASTIFY_MESSAGES[error.code] ?? STATUS_MESSAGES[status] ?? 'Ugyldig forespørsel';
      request.log.info({ code: error.code, status }, 'client error');
      return reply.status(status).send({ message });
    }
    // The database restarting, a lock not granted in time, a full pool: the transaction was rolled back, so
    // nothing was half-done, and the same request can simply be sent again.
    if (isDatabaseUnavailable(error) || error instanceof CountersUnavailable) {
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send({ message: UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.status(500).send({ message: SERVER_ERROR_MESSAGE });
  });
}
