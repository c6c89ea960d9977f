import type { FastifyRequest, FastifyServerOptions } from 'fastify';

// Secrets travel in query strings: e-mail links carry ?token=…, upload links &sig=…. Either one is enough to
// take over an account or upload as someone, so their values never reach the logs. A value ends at the next
// parameter, fragment or white space, so the same pattern works on a bare URL and on a text with links in it.
const SECRET_QUERY = /([?&](?:token|sig)=)[^&#\s]*/gi;

/** A URL, or any text with URLs in it, with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[REDACTED]');
}

/** 'kari@example.no' → 'k***@e***.no': enough to tell mails apart in a log, too little to identify anyone. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const labels = email.slice(at + 1).split('.');
  const topLevel = labels.length > 1 ? `.${labels.pop()}` : '';
  return `${email[0]}***@${labels[0]?.[0] ?? ''}***${topLevel}`;
}

/**
 * '+47 41234567' → '+47 ****4567'. The country code stays (it says which network), and at most half the
 * digits, and never more than four, are shown.
 */
export function maskPhone(phone: string): string {
  const match = /^\s*(\+\d{1,4})\s+(.*)$/.exec(phone);
  const digits = (match ? (match[2] ?? '') : phone).replace(/\D/g, '');
  const shown = Math.min(4, Math.floor(digits.length / 2));
  const tail = `****${shown > 0 ? digits.slice(-shown) : ''}`;
  return match ? `${match[1]} ${tail}` : tail;
}

const EMAIL_IN_TEXT = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[a-z]{2,}/gi;

// A one-time code in words ('Koden din er 123456', decision 064): as secret as a link's token.
const CODE_IN_TEXT = /(\bkode(?:n)?(?: din)?(?: er)?:?\s*)\d{4,8}\b/gi;

/**
 * A free text (an SMS, say) fit for the log: secret link parameters removed, one-time codes hidden, e-mail
 * addresses masked.
 */
export function maskText(text: string): string {
  return redactUrl(text).replace(CODE_IN_TEXT, '$1[REDACTED]').replace(EMAIL_IN_TEXT, maskEmail);
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
