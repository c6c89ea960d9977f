import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type Provider from 'oidc-provider';
import { mountTestProvider } from '../../src/server/features/test-idp/test-idp.routes';
import { createTestProvider, type TestPerson } from '../../src/server/features/test-idp/test-provider';
import type { TestApp } from './test-app';
import { TEST_ORIGIN } from './test-app';

// A real OpenID provider (oidc-provider) on a port of its own, as a separate issuer: the product knows it only
// by OIDC_ISSUER, as it would know Idura, Signicat or BankID (decision 064).

export const ISSUER_CLIENT = {
  clientId: 'budrunde-test',
  clientSecret: 'issuer-secret-issuer-secret-123456',
};

export const PEOPLE = {
  ola: {
    id: 'sub-ola',
    givenName: 'Ola',
    familyName: 'Nordmann',
    birthDate: '1985-03-12',
    socialNo: '12038512345',
    note: '',
  },
  kari: {
    id: 'sub-kari',
    givenName: 'Kari',
    familyName: 'Hansen',
    birthDate: '1990-01-02',
    socialNo: '02019012345',
    note: '',
  },
  stranger: {
    id: 'sub-stranger',
    givenName: 'Siri',
    familyName: 'Fremmed',
    birthDate: '1995-07-07',
    socialNo: '07079512345',
    note: '',
  },
  nameless: {
    id: 'sub-nameless',
    givenName: null,
    familyName: null,
    birthDate: '1970-01-01',
    socialNo: '01017012345',
    note: '',
  },
  otherAcr: {
    id: 'sub-other-acr',
    givenName: 'Per',
    familyName: 'Svak',
    birthDate: '1980-05-05',
    socialNo: '05058012345',
    acr: 'urn:grn:authn:no:bankid:substantial-other',
    note: '',
  },
} satisfies Record<string, TestPerson>;

export interface TestIssuer {
  issuer: string;
  /** The env a test app needs to use it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestIssuer(
  people: TestPerson[] = Object.values(PEOPLE),
  redirectUri = `${TEST_ORIGIN}/api/identity/callback`,
): Promise<TestIssuer> {
  const app = Fastify();
  let issuer = '';
  let provider: Promise<Provider> | null = null;
  await mountTestProvider(app, {
    mountPath: '/oidc',
    people,
    provider: () => {
      provider ??= createTestProvider({
        issuer,
        ...ISSUER_CLIENT,
        redirectUri,
        people,
        interactionPath: (uid) => `/oidc/interaction/${uid}`,
        cookieSecret: 'cookie-secret-cookie-secret-cookie',
      });
      return provider;
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  issuer = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/oidc`;
  return {
    issuer,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: ISSUER_CLIENT.clientId,
      OIDC_CLIENT_SECRET: ISSUER_CLIENT.clientSecret,
    },
    close: () => app.close(),
  };
}

/** A browser's cookies for one host, as Set-Cookie headers leave them. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(setCookie: string | string[] | null | undefined): void {
    for (const header of [setCookie ?? []].flat()) {
      const [pair] = header.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (!pair || at < 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(header) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface Walk {
  /** The callback's path and query on the product, as the provider sent the browser there. */
  callback: string;
  /** The product's cookies at the start (the session, if any, and the request's state cookie). */
  appCookies: string;
}

/**
 * A person's way through the provider, as a browser takes it: the product's start (or login) call, the
 * provider's login page, picking the person, and back to the product's callback, which is not yet called.
 */
export async function walkToCallback(
  t: Pick<TestApp, 'request'>,
  startPath: string,
  person: TestPerson | 'abort',
  sessionCookie?: string,
): Promise<Walk> {
  const app = new CookieJar();
  if (sessionCookie) app.take(sessionCookie);
  const started = await t.request({ method: 'GET', url: startPath, cookie: sessionCookie });
  if (started.statusCode !== 302) throw new Error(`start answered ${started.statusCode}: ${started.body}`);
  app.take(started.headers['set-cookie'] as string[] | string | undefined);
  const jar = new CookieJar();
  let location = String(started.headers.location);
  for (let hop = 0; hop < 10; hop++) {
    if (location.startsWith(`${TEST_ORIGIN}/api/identity/callback`)) {
      return { callback: location.slice(TEST_ORIGIN.length), appCookies: app.header() };
    }
    const url = new URL(location);
    const loginPage = /\/interaction\/[^/]+$/.test(url.pathname);
    if (loginPage) {
      const page = await fetch(url, { headers: { cookie: jar.header() } });
      const html = await page.text();
      if (page.status !== 200 || !html.includes('Testmiljø – ingen ekte identitet'))
        throw new Error(`the provider's login page answered ${page.status}: ${html}`);
    }
    const res = loginPage
      ? await fetch(`${url.origin}${url.pathname}/${person === 'abort' ? 'abort' : 'login'}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
          body: person === 'abort' ? '' : new URLSearchParams({ person: person.id }).toString(),
        })
      : await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res.headers.getSetCookie());
    const next = res.headers.get('location');
    if (!next)
      throw new Error(`the provider stopped at ${url.pathname} with ${res.status}: ${await res.text()}`);
    location = new URL(next, url).href;
  }
  throw new Error('the provider never sent the browser back');
}
