import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { Forbidden } from '../errors';
import { registerNoStore } from './no-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route that answers other servers as well as browsers and has its own protections (the test
     * identity provider's token endpoint, decision 064): the same-origin rule below does not apply.
     */
    csrfExempt?: boolean;
  }
}

export interface SecurityOptions {
  appUrl: string;
  isHttps: boolean;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  // helmet itself, not @fastify/helmet: that plugin builds a new helmet middleware on every request (parsing
  // the CSP directives each time), measured at 6% of the server's CPU on the signed-in round list. Built
  // once here, the same headers cost a few header writes.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a <style> element at run time; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: options.isHttps ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Every header helmet sets is the same for every request with these options (no nonces), so it runs once,
  // on a stand-in response, and each reply carries the headers it wrote: Fastify hands them to writeHead in
  // one object, without helmet's middleware chain or a setHeader call per header (measured at a tenth of
  // the server's own work on the signed-in round list, decision 050).
  const headers = headersOf(securityHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    // A stream (config.stream) writes its head by hand after reply.hijack(), which skips the reply's headers.
    if (request.routeOptions.config?.stream)
      for (const [name, value] of Object.entries(headers)) reply.raw.setHeader(name, value);
    else reply.headers(headers);
    done();
  });

  registerNoStore(app);

  const allowedOrigins = new Set([new URL(options.appUrl).origin]);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrfExempt) return;
    if (!isSameOrigin(request, allowedOrigins)) {
      throw new Forbidden('Forespørselen ble avvist fordi den ikke kom fra Budrunde.');
    }
  });
}

/** The headers a helmet middleware sets, captured from one run against a stand-in request and response. */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown = null;
  middleware({ headers: {} } as never, response as never, (error?: unknown) => {
    failed = error ?? null;
  });
  if (failed) throw failed;
  return headers;
}

// CSRF defence for a cookie-authenticated JSON API: a mutation must come from our own origin. Browsers
// send Origin on every non-GET fetch and Sec-Fetch-Site on all requests; a request with neither is refused.
function isSameOrigin(request: FastifyRequest, allowed: Set<string>): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const origin = request.headers.origin;
  if (!origin) return fetchSite === 'same-origin';
  if (allowed.has(origin)) return true;
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}
