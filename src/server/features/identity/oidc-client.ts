import * as oidc from 'openid-client';

// The OpenID Connect client (decision 064): authorization code with PKCE, state and nonce, the client's
// secret at the token endpoint. openid-client (panva, OpenID certified) checks the ID token's issuer,
// audience, expiry, nonce and `alg` (never `none`); its signature against the provider's JWKS is checked only
// when asked (enableNonRepudiationChecks), and we ask, since a verified identity binds bids in law. Nothing
// here parses a JWT by hand.

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** OIDC_ACR_VALUES: asked for, and the ID token's `acr` must be one of them. */
  acrValues: string | null;
  redirectUri: string;
}

/** What one authorization request must find again in its callback. */
export interface RequestChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A refusal whose reason goes to the log; the person sees only 'Bekreftelsen mislyktes'. */
export class IdentityFailure extends Error {}

const TIMEOUT_MS = 10_000;

// Every call to the provider gives up after ten seconds, so a provider that hangs costs a clear answer.
const timedFetch: oidc.CustomFetch = (url, options) =>
  fetch(url, { ...options, signal: AbortSignal.timeout(TIMEOUT_MS) } as RequestInit);

export class OidcClient {
  #config: Promise<oidc.Configuration> | null = null;

  constructor(private readonly settings: OidcSettings) {}

  /** The provider's metadata, read once; a failed read is tried again on the next request. */
  private configuration(): Promise<oidc.Configuration> {
    if (!this.#config) {
      const { issuer, clientId, clientSecret } = this.settings;
      const plainHttp = new URL(issuer).protocol === 'http:';
      this.#config = oidc
        .discovery(new URL(issuer), clientId, undefined, oidc.ClientSecretBasic(clientSecret), {
          [oidc.customFetch]: timedFetch,
          // env.ts allows http:// only outside production (a local provider, as in the tests and the demo).
          ...(plainHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .then((config) => {
          config[oidc.customFetch] = timedFetch;
          oidc.enableNonRepudiationChecks(config);
          return config;
        })
        .catch((error: unknown) => {
          this.#config = null;
          throw new IdentityFailure(`provider metadata could not be read: ${messageOf(error)}`);
        });
    }
    return this.#config;
  }

  /** Fresh state, nonce and PKCE verifier for one request. */
  static newChecks(): RequestChecks {
    return {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
  }

  async authorizationUrl(checks: RequestChecks): Promise<URL> {
    const config = await this.configuration();
    const parameters: Record<string, string> = {
      redirect_uri: this.settings.redirectUri,
      scope: this.settings.scope,
      response_type: 'code',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      // Every verification and login is a fresh authentication with the eID, never a provider's earlier
      // session in the same browser: the person at the keyboard is the one who proves who they are.
      prompt: 'login',
    };
    if (this.settings.acrValues) parameters.acr_values = this.settings.acrValues;
    return oidc.buildAuthorizationUrl(config, parameters);
  }

  /**
   * Exchanges the callback's code and returns the person's claims: the checked ID token's, with the userinfo
   * endpoint's added when the ID token leaves claims there (as a provider may for `profile`).
   */
  async claimsFrom(callbackUrl: URL, checks: RequestChecks): Promise<Record<string, unknown>> {
    const config = await this.configuration();
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new IdentityFailure(`authorization code grant refused: ${messageOf(error)}`);
    }
    const claims = tokens.claims();
    if (!claims) throw new IdentityFailure('no ID token in the token response');
    const acrValues = this.settings.acrValues?.split(/\s+/).filter(Boolean) ?? [];
    if (acrValues.length > 0 && !acrValues.includes(String(claims.acr ?? ''))) {
      throw new IdentityFailure(`acr ${JSON.stringify(claims.acr ?? null)} is not one of OIDC_ACR_VALUES`);
    }
    const needsUserinfo = !(claims.given_name || claims.name) && config.serverMetadata().userinfo_endpoint;
    if (!needsUserinfo || !tokens.access_token) return { ...claims };
    try {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      return { ...info, ...claims };
    } catch (error) {
      throw new IdentityFailure(`userinfo refused: ${messageOf(error)}`);
    }
  }
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  const cause = error.cause instanceof Error ? `; ${error.cause.message}` : '';
  return `${code ? `${code}: ` : ''}${error.message}${cause}`;
}
