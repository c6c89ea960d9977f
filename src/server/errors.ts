export interface FieldError {
  path: string;
  message: string;
}

/** A failure the user caused or may see. The error handler turns it into `{ message, errors? }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class ValidationError extends AppError {
  constructor(message: string, errors?: FieldError[]) {
    super(400, message, errors);
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Du må være innlogget', extra?: Record<string, unknown>) {
    super(401, message, undefined, extra);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'Du har ikke tilgang til dette', extra?: Record<string, unknown>) {
    super(403, message, undefined, extra);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Fant ikke ressursen') {
    super(404, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, errors?: FieldError[]) {
    super(409, message, errors);
  }
}

export class TooManyRequests extends AppError {
  constructor(
    message = 'For mange forsøk. Vent litt og prøv igjen.',
    /** Sent as Retry-After. */
    readonly retryAfterSec?: number,
  ) {
    super(429, message);
  }
}
