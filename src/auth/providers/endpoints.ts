/**
 * Where a provider's endpoints are: a URL in the config wins, then what the `issuer`'s OpenID
 * Connect discovery document says, then the preset's. Discovery documents are cached for an hour
 * per issuer; a failed discovery is not cached, so the next sign-in tries again.
 */
import type { ProviderConfig } from '../../config/index.js';
import { ApplicationError } from '../../errors.js';
import { requestProvider } from './http.js';
import { providerMessages as m } from './messages.js';
import { presetFor, type Preset, type TokenAuth } from './presets.js';

const DISCOVERY_TTL_MS = 60 * 60 * 1000;

export interface Endpoints {
  authorizeUrl: string;
  tokenUrl: string;
  profileUrl: string;
  tokenAuth: TokenAuth;
  /** False only when a discovery document lists PKCE methods without S256. */
  pkce: boolean;
}

interface Discovered {
  authorizeUrl?: string;
  tokenUrl?: string;
  profileUrl?: string;
  tokenAuth?: TokenAuth;
  pkce: boolean;
}

export interface EndpointResolver {
  resolve(name: string, config: ProviderConfig, preset: Preset): Promise<Endpoints>;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

/** OpenID Connect Discovery 1.0 §4: the document must name the issuer it was fetched for (§4.3). */
function readDiscovery(name: string, issuer: string, body: unknown, label: string): Discovered {
  if (typeof body !== 'object' || body === null) throw new ApplicationError(m.badResponse(label, 'discovery'));
  const doc = body as Record<string, unknown>;
  if (typeof doc.issuer !== 'string' || trimSlash(doc.issuer) !== trimSlash(issuer)) throw new ApplicationError(m.issuerMismatch(name, issuer));
  const methods = strings(doc.token_endpoint_auth_methods_supported);
  const pkceMethods = strings(doc.code_challenge_methods_supported);
  const discovered: Discovered = { pkce: pkceMethods === undefined || pkceMethods.includes('S256') };
  const authorizeUrl = httpUrl(doc.authorization_endpoint);
  const tokenUrl = httpUrl(doc.token_endpoint);
  const profileUrl = httpUrl(doc.userinfo_endpoint);
  if (authorizeUrl) discovered.authorizeUrl = authorizeUrl;
  if (tokenUrl) discovered.tokenUrl = tokenUrl;
  if (profileUrl) discovered.profileUrl = profileUrl;
  // Absent means client_secret_basic (OIDC Discovery §3); post is kept whenever it is offered.
  if (methods !== undefined && !methods.includes('client_secret_post') && methods.includes('client_secret_basic')) discovered.tokenAuth = 'client_secret_basic';
  else if (methods === undefined) discovered.tokenAuth = 'client_secret_basic';
  return discovered;
}

export function createEndpointResolver(deps: { fetch: typeof fetch; now: () => number }): EndpointResolver {
  const cache = new Map<string, { at: number; discovered: Promise<Discovered> }>();

  function discover(name: string, issuer: string, label: string): Promise<Discovered> {
    const cached = cache.get(issuer);
    if (cached && deps.now() - cached.at < DISCOVERY_TTL_MS) return cached.discovered;
    const url = `${trimSlash(issuer)}/.well-known/openid-configuration`;
    const discovered = requestProvider({ fetch: deps.fetch, label }, 'discovery', url).then((body) => readDiscovery(name, issuer, body, label));
    cache.set(issuer, { at: deps.now(), discovered });
    discovered.catch(() => {
      if (cache.get(issuer)?.discovered === discovered) cache.delete(issuer);
    });
    return discovered;
  }

  return {
    async resolve(name, config, preset) {
      const discovered: Discovered = config.issuer ? await discover(name, config.issuer, preset.label) : { pkce: true };
      const pick = (key: 'authorizeUrl' | 'tokenUrl' | 'profileUrl'): string => {
        const url = config[key] ?? discovered[key] ?? preset[key];
        if (!url) throw new ApplicationError(m.notConfigured(name, config.issuer ? key : `${key} (or issuer)`));
        return url;
      };
      return {
        authorizeUrl: pick('authorizeUrl'),
        tokenUrl: pick('tokenUrl'),
        profileUrl: pick('profileUrl'),
        tokenAuth: discovered.tokenAuth ?? preset.tokenAuth,
        pkce: discovered.pkce,
      };
    },
  };
}

/**
 * What is missing from the enabled providers of a config, one line per problem, for a check at
 * startup (a provider with an `issuer` is checked at its first sign-in, when discovery runs).
 * @example providerConfigProblems({ oidc: { enabled: true } }) // ['providers.oidc: clientId is required', …]
 */
export function providerConfigProblems(providers: Record<string, ProviderConfig>): string[] {
  const problems: string[] = [];
  for (const [name, config] of Object.entries(providers)) {
    if (!config.enabled) continue;
    if (!config.clientId) problems.push(`providers.${name}: clientId is required`);
    if (config.issuer) continue;
    const preset = presetFor(name);
    const missing = (['authorizeUrl', 'tokenUrl', 'profileUrl'] as const).filter((key) => !config[key] && !preset[key]);
    if (missing.length > 0) problems.push(`providers.${name}: set issuer, or ${missing.join(', ')}`);
  }
  return problems;
}
