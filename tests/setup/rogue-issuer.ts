import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';

// An OpenID provider that answers the token request with whatever ID token a test asks for: well made, or
// signed by the wrong key, unsigned (`alg: none`), from another issuer, for another audience, expired, or
// for another nonce. A real provider never hands these out, so this small one does, to prove the product's
// client refuses each (decision 064). Its discovery, JWKS and token endpoint follow OpenID Connect; it has
// no login page, since the test builds the callback itself from the product's authorization request.

export type RogueToken =
  | 'good'
  | 'bad-signature'
  | 'alg-none'
  | 'other-issuer'
  | 'other-audience'
  | 'expired'
  | 'other-nonce';

export const ROGUE_CLIENT = { clientId: 'budrunde-rogue', clientSecret: 'rogue-secret-rogue-secret-1234567' };

export interface RogueIssuer {
  issuer: string;
  env: Record<string, string>;
  /** A code the token endpoint exchanges once for an ID token of that kind, made for this nonce. */
  codeFor(kind: RogueToken, nonce: string): string;
  close(): Promise<void>;
}

export async function startRogueIssuer(): Promise<RogueIssuer> {
  const published = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(published.publicKey)), kid: 'k1', use: 'sig', alg: 'RS256' };
  const codes = new Map<string, { kind: RogueToken; nonce: string }>();
  let issuer = '';

  const idToken = async (kind: RogueToken, nonce: string): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      nonce: kind === 'other-nonce' ? 'en-annen-nonce' : nonce,
      given_name: 'Rune',
      family_name: 'Rogue',
      birthdate: '1975-06-06',
    };
    if (kind === 'alg-none') {
      return new UnsecuredJWT(claims)
        .setIssuer(issuer)
        .setAudience(ROGUE_CLIENT.clientId)
        .setSubject('sub-rune')
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .encode();
    }
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(kind === 'other-issuer' ? 'https://annen-utsteder.example' : issuer)
      .setAudience(kind === 'other-audience' ? 'en-annen-klient' : ROGUE_CLIENT.clientId)
      .setSubject('sub-rune')
      .setIssuedAt(kind === 'expired' ? now - 7200 : now)
      .setExpirationTime(kind === 'expired' ? now - 3600 : now + 300)
      .sign(kind === 'bad-signature' ? stranger.privateKey : published.privateKey);
  };

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (path === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    }
    if (path === '/jwks') return json(200, { keys: [jwk] });
    if (path === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await bodyOf(req));
      const entry = codes.get(form.get('code') ?? '');
      if (!entry || !isClient(req.headers.authorization)) return json(400, { error: 'invalid_grant' });
      codes.delete(form.get('code') ?? '');
      return json(200, {
        access_token: 'rogue-access-token',
        token_type: 'Bearer',
        expires_in: 300,
        id_token: await idToken(entry.kind, entry.nonce),
      });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: ROGUE_CLIENT.clientId,
      OIDC_CLIENT_SECRET: ROGUE_CLIENT.clientSecret,
    },
    codeFor(kind, nonce) {
      const code = `code-${codes.size}-${kind}-${Math.random().toString(36).slice(2)}`;
      codes.set(code, { kind, nonce });
      return code;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** client_secret_basic: both halves form-encoded, then base64 (RFC 6749 § 2.3.1). */
function isClient(authorization: string | undefined): boolean {
  const [scheme, encoded] = (authorization ?? '').split(' ');
  if (scheme !== 'Basic' || !encoded) return false;
  const [id, secret] = Buffer.from(encoded, 'base64').toString().split(':').map(decodeURIComponent);
  return id === ROGUE_CLIENT.clientId && secret === ROGUE_CLIENT.clientSecret;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}
