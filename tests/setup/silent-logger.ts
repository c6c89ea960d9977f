import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

export const silentLogger: FastifyBaseLogger = pino({ level: 'silent' });
