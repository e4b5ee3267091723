/**
 * Provider login as an OAuth 2 authorization-code flow (RFC 6749 §4.1) with PKCE (RFC 7636),
 * following Strapi 5.54's rules for providers:
 *
 *   connect(name)   → the provider's authorize URL, with a fresh single-use `state`
 *   (the person signs in at the provider, which redirects to `redirectUri` with `code` and `state`)
 *   callback(name)  → state checked, code exchanged server-side, profile fetched server-side
 *
 * Nothing the browser sends is believed except `code` and `state`: an `access_token` or
 * `id_token` in the query is ignored (Strapi 5.0 trusted one, which let anyone who held a token
 * issued to another application sign in as its owner).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ProviderConfig } from '../../config/index.js';
import { ApplicationError, ValidationError } from '../../errors.js';
import type { UserRow } from '../../users/index.js';
import { createEndpointResolver, type Endpoints } from './endpoints.js';
import { jwtClaims, oauthErrorCode, requestProvider, type ProviderHttp } from './http.js';
import { providerMessages as m } from './messages.js';
import { createPendingStore, type PendingStore } from './pending.js';
import { presetFor, type Preset } from './presets.js';
import { findOrCreateUser, type FindOrCreateOptions, type ProviderAccounts, type ProviderProfile } from './accounts.js';

export interface ProviderLoginDeps {
  /** Read at each call, so a server that reloads its config is followed. */
  config: () => { server: { url: string | null }; providers: Record<string, ProviderConfig> };
  /** `http://HOST:PORT` of the running server, used when `server.url` is unset. */
  publicUrl: () => string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; tests move it to expire a state. */
  now?: () => number;
  /** Where sign-ins in progress wait for their callback; default this process's memory. */
  pending?: PendingStore;
}

export interface ProviderCallbackResult {
  profile: ProviderProfile;
  /** The front-end URL validated at connect (or the configured `callback`), if any. */
  callback?: string;
}

export interface ProviderLogin {
  /** GET /api/connect/:provider → `redirect` is where to send the browser. */
  connect(name: string, query?: { callback?: unknown }): Promise<{ redirect: string }>;
  /** GET /api/auth/:provider/callback → the verified profile. */
  callback(name: string, query: Record<string, unknown>): Promise<ProviderCallbackResult>;
  /** The account of a profile: found by email and provider, or created (see `findOrCreateUser`). */
  findOrCreateUser(profile: ProviderProfile, accounts: ProviderAccounts, options: FindOrCreateOptions): Promise<UserRow>;
}

interface Enabled {
  config: ProviderConfig;
  preset: Preset;
  http: ProviderHttp;
}

/**
 * The front-end URL a sign-in returns to. It must have the origin and path of the configured
 * `callback` (as Strapi checks it since its open-redirect fix); with none configured, any given
 * callback is refused.
 */
function checkCallback(given: unknown, configured: string | undefined): string | undefined {
  if (given === undefined) return configured;
  const invalid = () => new ValidationError(m.invalidCallback, { callback: given });
  if (typeof given !== 'string' || configured === undefined) throw invalid();
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw invalid();
  }
  const expected = new URL(configured);
  // `javascript:` and `data:` URLs have the origin "null"; refuse every non-HTTP scheme outright.
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== expected.origin || url.pathname !== expected.pathname) throw invalid();
  return url.href;
}

function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/**
 * @example
 * const login = createProviderLogin({ config: () => ({ server: config.server, providers: config.usersPermissions.providers }), publicUrl: () => 'http://127.0.0.1:1337' });
 * const { redirect } = await login.connect('github', { callback: 'https://app.example/signed-in' });
 * // … the provider redirects to /api/auth/github/callback?code=…&state=…
 * const { profile } = await login.callback('github', ctx.query);
 * const user = await login.findOrCreateUser(profile, { users: tables.users, roles: tables.roles }, config.usersPermissions.advanced);
 */
export function createProviderLogin(deps: ProviderLoginDeps): ProviderLogin {
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const now = deps.now ?? Date.now;
  const pending = deps.pending ?? createPendingStore(now);
  const endpoints = createEndpointResolver({ fetch: fetchImpl, now });

  function enabled(name: string): Enabled {
    const providers = deps.config().providers;
    const config = Object.hasOwn(providers, name) ? providers[name] : undefined;
    if (!config?.enabled) throw new ApplicationError(m.disabled);
    if (!config.clientId) throw new ApplicationError(m.notConfigured(name, 'clientId'));
    const preset = presetFor(name);
    return { config, preset, http: { fetch: fetchImpl, label: preset.label } };
  }

  function redirectUri(name: string, config: ProviderConfig): string {
    if (config.redirectUri) return config.redirectUri;
    const base = (deps.config().server.url ?? deps.publicUrl()).replace(/\/+$/, '');
    return `${base}/api/auth/${encodeURIComponent(name)}/callback`;
  }

  /** RFC 6749 §4.1.3, with the client authenticated as §2.3.1 allows (body or Basic). */
  async function exchangeCode(provider: Enabled, urls: Endpoints, code: string, redirect: string, codeVerifier: string): Promise<Record<string, unknown>> {
    const { clientId = '', clientSecret } = provider.config;
    const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (urls.tokenAuth === 'client_secret_basic' && clientSecret !== undefined) {
      const credentials = `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    } else {
      body.set('client_id', clientId);
      if (clientSecret !== undefined) body.set('client_secret', clientSecret);
    }
    if (urls.pkce) body.set('code_verifier', codeVerifier);
    const answer = await requestProvider(provider.http, 'token', urls.tokenUrl, { method: 'POST', headers, body });
    if (typeof answer !== 'object' || answer === null || typeof (answer as { access_token?: unknown }).access_token !== 'string') {
      throw new ApplicationError(m.badResponse(provider.preset.label, 'token'));
    }
    return answer as Record<string, unknown>;
  }

  return {
    async connect(name, query = {}) {
      const provider = enabled(name);
      const callback = checkCallback(query.callback, provider.config.callback);
      const urls = await endpoints.resolve(name, provider.config, provider.preset);
      const redirect = redirectUri(name, provider.config);
      // 256 bits, base64url: 43 characters of RFC 7636 §4.1's alphabet.
      const codeVerifier = randomBytes(32).toString('base64url');
      const state = await pending.start({ provider: name, callback, redirectUri: redirect, codeVerifier });
      const url = new URL(urls.authorizeUrl);
      url.searchParams.set('client_id', provider.config.clientId!);
      url.searchParams.set('redirect_uri', redirect);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', (provider.config.scope ?? provider.preset.scope).join(' '));
      url.searchParams.set('state', state);
      if (urls.pkce) {
        url.searchParams.set('code_challenge', pkceChallenge(codeVerifier));
        url.searchParams.set('code_challenge_method', 'S256');
      }
      return { redirect: url.href };
    },

    async callback(name, query) {
      const provider = enabled(name);
      const { label } = provider.preset;
      const signIn = await pending.take(query.state, name);
      if (!signIn) throw new ApplicationError(m.noSession);
      if (query.error !== undefined) {
        throw new ApplicationError(m.denied(label, oauthErrorCode(query) ?? 'error'));
      }
      const code = query.code;
      if (typeof code !== 'string' || code === '' || code.length > 4096) throw new ApplicationError(m.noCode(label));

      const urls = await endpoints.resolve(name, provider.config, provider.preset);
      const tokens = await exchangeCode(provider, urls, code, signIn.redirectUri, signIn.codeVerifier);
      const authorization = `Bearer ${tokens.access_token as string}`;
      const mapped = await provider.preset.profile({
        profileUrl: urls.profileUrl,
        get: (url) => requestProvider(provider.http, 'profile', url, { headers: { authorization } }),
        idTokenClaims: jwtClaims(tokens.id_token),
      });

      if (mapped.email === undefined) throw new ApplicationError(m.emailUnavailable);
      if (!mapped.emailVerified) throw new ApplicationError(m.emailNotVerified(label));
      const profile: ProviderProfile = { email: mapped.email.toLowerCase(), username: mapped.username, provider: name };
      return signIn.callback === undefined ? { profile } : { profile, callback: signIn.callback };
    },

    findOrCreateUser,
  };
}
