import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CURRENT_USER_CALL,
  type FirstScreenCall,
  type FirstScreenData,
  firstScreenCalls,
} from '../../shared/first-screen';
import { LATE, withinMs } from './within-ms';

/** A page waits at most this long for its first data; past it, the page goes out without and loads it itself. */
export const FIRST_SCREEN_BUDGET_MS = 800;
/**
 * After a call ran past the budget, pages go out without first data for this long: the late call still holds
 * its place in the database's queue, and the browser then makes the same call again, so a stalled database
 * would otherwise get every page's calls twice.
 */
export const FIRST_SCREEN_PAUSE_MS = 5_000;

/** The request headers an API call made on the visitor's behalf keeps: who they are, and nothing else. */
const FORWARDED_HEADERS = [
  'host',
  'cookie',
  'user-agent',
  'accept-language',
  'x-forwarded-for',
  'x-forwarded-proto',
];

type Answer = unknown | typeof LATE;

/**
 * `deadline`: when the page must go out (default: FIRST_SCREEN_BUDGET_MS from now), shared with its render.
 * `notFound`: the page is the 404 page, whose first data is the user alone (for the navbar).
 */
export type FirstScreenLoader = (
  request: FastifyRequest,
  path: string,
  deadline?: number,
  notFound?: boolean,
) => Promise<{ data: FirstScreenData; signedIn: boolean }>;

/**
 * A page's first data (src/shared/first-screen.ts), fetched through the API itself with `inject`, with the
 * visitor's own cookies and address: the same routes, access checks, views and rate limits as the calls
 * the page would have made, so the HTML can carry nothing the visitor could not have fetched. A call that
 * fails, or the database being slow, only leaves its answer out; the client then fetches it as before.
 * Only pages with first data make calls: a page of text, a stray /favicon.ico or a scanner's guess make none.
 */
export function firstScreenLoader(app: FastifyInstance): FirstScreenLoader {
  let pausedUntil = 0;

  async function call(request: FastifyRequest, { url }: FirstScreenCall, deadline: number): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = () =>
      app
        .inject({ method: 'GET', url, headers, remoteAddress: request.socket.remoteAddress })
        .then((response) => {
          if (response.statusCode === 401 && url === CURRENT_USER_CALL.url) return null;
          if (response.statusCode !== 200) return undefined;
          return response.json() as unknown;
        })
        .catch((err: Error) => {
          request.log.warn({ err: err.message, url }, 'first-screen call failed');
          return undefined;
        });
    const result = await withinMs(deadline - Date.now(), answer);
    if (result === LATE) {
      pausedUntil = Date.now() + FIRST_SCREEN_PAUSE_MS;
      request.log.warn(
        { url, budgetMs: FIRST_SCREEN_BUDGET_MS },
        'first-screen call over budget; pages go without first data for a while',
      );
    }
    return result;
  }

  return async (request, path, deadline = Date.now() + FIRST_SCREEN_BUDGET_MS, notFound = false) => {
    const data: FirstScreenData = { entries: [] };
    if ((!notFound && firstScreenCalls(path, true).length === 0) || Date.now() < pausedUntil)
      return { data, signedIn: false };
    const user = await call(request, CURRENT_USER_CALL, deadline);
    if (user === undefined || user === LATE) return { data, signedIn: false };
    data.entries.push({ key: CURRENT_USER_CALL.key, data: user });
    const calls = notFound ? [] : firstScreenCalls(path, user !== null);
    const answers = await Promise.all(calls.map((c) => call(request, c, deadline)));
    calls.forEach((c, i) => {
      const answer = answers[i];
      if (answer !== undefined && answer !== LATE) data.entries.push({ key: c.key, data: answer });
    });
    return { data, signedIn: user !== null };
  };
}
