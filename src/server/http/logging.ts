import type { FastifyRequest, FastifyServerOptions } from 'fastify';

// Tokens travel in query strings (?token=…) and must never reach the logs.
const SECRET_QUERY = /([?&](?:token)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[REDACTED]');
}

/** JSON logs (pino) with cookies, credentials and tokens removed. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'password',
        'newPassword',
        'token',
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.confirmPassword',
        '*.token',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
