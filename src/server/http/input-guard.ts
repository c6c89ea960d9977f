import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../errors';

export const INVALID_CHARACTERS = 'Teksten inneholder ugyldige tegn';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 10 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((v) => containsNul(v, depth + 1));
}

/**
 * PostgreSQL text cannot hold the NUL character, and JSON can. Refusing it here, for every body and query,
 * turns what would be a database error into a clear Norwegian 400.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      throw new ValidationError(INVALID_CHARACTERS);
    }
  });
}
