import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

export interface CapturedLog {
  log: FastifyBaseLogger;
  /** Every line written so far, each one JSON object as pino wrote it. */
  lines: string[];
  /** The lines, parsed. */
  entries(): Record<string, unknown>[];
  text(): string;
}

/** A pino logger at `level` (trace by default, so nothing is missed) that writes into memory. */
export function captureLog(level: pino.LevelWithSilent = 'trace'): CapturedLog {
  const lines: string[] = [];
  const log = pino({ level }, { write: (line: string) => lines.push(line) });
  return {
    log,
    lines,
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => lines.join(''),
  };
}
