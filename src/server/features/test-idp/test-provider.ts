import { createHmac, generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { MemoryAdapter } from './memory-adapter';
import { errorPage } from './test-pages';
import { BANKID_ACR, claimsOf, type TestPerson } from './test-people';

// A real OpenID provider made with oidc-provider (panva, OpenID certified), for the demo's Test-BankID at
// /test-idp and for the tests' own issuers on ports of their own (decision 064). Never in production: env.ts
// refuses it there, and the product's OIDC client knows it only as an issuer URL, as it knows a real one.

export interface TestProviderOptions {
  /** Its issuer URL, e.g. http://localhost:5000/test-idp. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  people: TestPerson[];
  /** Where its login page lives, under the issuer's path. */
  interactionPath: (uid: string) => string;
  /** Secret for its cookies' signatures. */
  cookieSecret: string;
}

/** The client id and secret of the built-in provider, from the server's own secret. */
export function builtInClient(sessionSecret: string): { clientId: string; clientSecret: string } {
  const secret = createHmac('sha256', sessionSecret).update('budrunde test-idp client').digest('base64url');
  return { clientId: 'budrunde', clientSecret: secret };
}

export async function createTestProvider(options: TestProviderOptions): Promise<Provider> {
  // Loaded only when a test provider runs: production never loads oidc-provider.
  const { default: OidcProvider } = await import('oidc-provider');
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const people = new Map(options.people.map((person) => [person.id, person]));
  const configuration: Configuration = {
    adapter: MemoryAdapter,
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-idp', use: 'sig', alg: 'RS256' }] as never },
    cookies: { keys: [options.cookieSecret] },
    pkce: { required: () => true },
    acrValues: [BANKID_ACR, ...new Set(options.people.flatMap((p) => (p.acr ? [p.acr] : [])))],
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'birthdate', 'socialno'],
    },
    // The claims go in the ID token, as the eID brokers put them there.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => options.interactionPath(interaction.uid) },
    findAccount: async (_ctx, id) => {
      const person = people.get(id);
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...claimsOf(person) }) };
    },
    // A first-party test client: every scope it asks for is granted without a consent page.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid profile');
      await grant.save();
      return grant;
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error_description ?? out.error ?? 'ukjent feil'));
    },
    ttl: {
      Session: 600,
      Interaction: 600,
      Grant: 600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
  };
  return new OidcProvider(options.issuer, configuration);
}

/** Hands a request under `mountPath` to the provider, as its own server would see it. */
export function serveUnder(
  provider: Provider,
  mountPath: string,
): (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => void {
  const handle = provider.callback();
  return (req, res) => {
    req.originalUrl = req.url;
    req.url = (req.url ?? '/').slice(mountPath.length) || '/';
    void handle(req, res);
  };
}

export { TEST_PEOPLE, type TestPerson } from './test-people';
