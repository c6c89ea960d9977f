/** An error from the API. `message` is the server's Norwegian message; the body's other fields are kept. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }

  get errors(): { path: string; message: string }[] | undefined {
    const errors = this.body.errors;
    return Array.isArray(errors) ? (errors as { path: string; message: string }[]) : undefined;
  }
}

// SPEC §7 "Error handling of calls": JSON bodies give their message (or the status text), anything else
// becomes "status: text".
async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(`${res.status}: ${text || res.statusText}`, res.status);
  }
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message = typeof fields.message === 'string' ? fields.message : res.statusText;
  throw new ApiError(message, res.status, fields);
}

/** Calls the API with credentials; a JSON body (and its content type) only when there is data. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  await throwIfNotOk(res);
  return res;
}

export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (await res.json()) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default loader: GET the query key's parts joined with '/'. */
export function getQueryFn({ on401 }: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return res.json();
  };
}
