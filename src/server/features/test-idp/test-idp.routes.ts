import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { AppDeps } from '../../deps';
import { errorPage, loginPage } from './test-pages';
import { BANKID_ACR, TEST_PEOPLE, type TestPerson } from './test-people';
import { builtInClient, createTestProvider, serveUnder } from './test-provider';

export const TEST_IDP_PATH = '/test-idp';

export interface MountOptions {
  mountPath: string;
  people: TestPerson[];
  provider: () => Promise<Provider>;
}

/**
 * The provider's endpoints and its login pages under `mountPath`, on any Fastify instance: the product's
 * own server (the demo's Test-BankID) or a test's issuer on a port of its own.
 */
export async function mountTestProvider(base: FastifyInstance, options: MountOptions): Promise<void> {
  await base.register(async (app) => {
    // The provider reads its own request bodies (the token endpoint's form), so Fastify leaves them unread;
    // and it has its own protections, so the API's same-origin rule does not apply here.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const config = { access: 'public', csrfExempt: true } as const;
    // Not the product's API: kept out of its OpenAPI document.
    const schema = { hide: true };
    const { mountPath, people } = options;

    const interaction = `${mountPath}/interaction/:uid`;
    app.get(interaction, { config, schema }, async (request, reply) => {
      const provider = await options.provider();
      const uid = (request.params as { uid: string }).uid;
      try {
        await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return reply.status(400).type('text/html').send(errorPage('innloggingen er utløpt'));
      }
      const action = `${mountPath}/interaction/${uid}`;
      return reply.type('text/html').send(loginPage(`${action}/login`, `${action}/abort`, people));
    });

    app.post(`${interaction}/login`, { config, schema }, async (request, reply) => {
      const provider = await options.provider();
      const form = await readForm(request);
      const person = people.find((p) => p.id === form.get('person'));
      if (!person) return reply.status(400).type('text/html').send(errorPage('ukjent person'));
      await finish(provider, request, reply, {
        login: { accountId: person.id, acr: person.acr ?? BANKID_ACR, amr: ['bankid'] },
      });
    });

    app.post(`${interaction}/abort`, { config, schema }, async (request, reply) => {
      const provider = await options.provider();
      await finish(provider, request, reply, {
        error: 'access_denied',
        error_description: 'Innloggingen ble avbrutt',
      });
    });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const serve = serveUnder(await options.provider(), mountPath);
      reply.hijack();
      serve(request.raw, reply.raw);
    };
    app.all(mountPath, { config, schema }, handler);
    app.all(`${mountPath}/*`, { config, schema }, handler);
  });
}

async function finish(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  result: Record<string, unknown>,
): Promise<void> {
  try {
    await provider.interactionDetails(request.raw, reply.raw);
  } catch {
    await reply.status(400).type('text/html').send(errorPage('innloggingen er utløpt'));
    return;
  }
  reply.hijack();
  await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
}

/** The login form's fields, read from the raw request (Fastify leaves these bodies to the provider). */
async function readForm(request: FastifyRequest): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request.raw) {
    body += chunk;
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

/** The demo's Test-BankID on the product's own server, at /test-idp (decision 064). */
export function testIdpRoutes(deps: AppDeps) {
  let provider: Promise<Provider> | null = null;
  // Made at first use: APP_URL, its issuer's base, may be known only once the server listens (the tests').
  const built = () => {
    if (!provider) {
      const { clientId, clientSecret } = builtInClient(deps.env.SESSION_SECRET);
      provider = createTestProvider({
        issuer: `${deps.env.APP_URL}${TEST_IDP_PATH}`,
        clientId,
        clientSecret,
        redirectUri: `${deps.env.APP_URL}/api/identity/callback`,
        people: TEST_PEOPLE,
        interactionPath: (uid) => `${TEST_IDP_PATH}/interaction/${uid}`,
        cookieSecret: createHmac('sha256', deps.env.SESSION_SECRET).update('test-idp cookies').digest('hex'),
      });
    }
    return provider;
  };
  return (app: FastifyInstance) =>
    mountTestProvider(app, { mountPath: TEST_IDP_PATH, people: TEST_PEOPLE, provider: built });
}
