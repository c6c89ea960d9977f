import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CURRENT_USER_CALL,
  type FirstScreenCall,
  type FirstScreenData,
  firstScreenCalls,
} from '../../shared/first-screen';

/** A page waits at most this long for its first data; past it, the page goes out without and loads it itself. */
const FIRST_SCREEN_BUDGET_MS = 800;

/** The request headers an API call made on the visitor's behalf keeps: who they are, and nothing else. */
const FORWARDED_HEADERS = [
  'host',
  'cookie',
  'user-agent',
  'accept-language',
  'x-forwarded-for',
  'x-forwarded-proto',
];

/**
 * A page's first data (src/shared/first-screen.ts), fetched through the API itself with `inject`, with the
 * visitor's own cookies and address: the same routes, access checks, views and rate limits as the calls
 * the page would have made, so the HTML can carry nothing the visitor could not have fetched. A call that
 * fails, or the database being slow, only leaves its answer out; the client then fetches it as before.
 */
export async function firstScreenData(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
): Promise<{ data: FirstScreenData; signedIn: boolean }> {
  const data: FirstScreenData = { entries: [] };
  const deadline = Date.now() + FIRST_SCREEN_BUDGET_MS;
  const user = await call(app, request, CURRENT_USER_CALL, deadline);
  if (user === undefined) return { data, signedIn: false };
  data.entries.push({ key: CURRENT_USER_CALL.key, data: user });
  const calls = firstScreenCalls(path, user !== null);
  const answers = await Promise.all(calls.map((c) => call(app, request, c, deadline)));
  calls.forEach((c, i) => {
    if (answers[i] !== undefined) data.entries.push({ key: c.key, data: answers[i] });
  });
  return { data, signedIn: user !== null };
}

/** The call's JSON answer; null for the current user when nobody is signed in; undefined when left out. */
async function call(
  app: FastifyInstance,
  request: FastifyRequest,
  { url }: FirstScreenCall,
  deadline: number,
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, deadline - Date.now()), undefined);
  });
  const answer = app
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
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}
