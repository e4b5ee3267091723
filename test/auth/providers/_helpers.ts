/**
 * A real OAuth 2 / OpenID Connect server (oauth2-mock-server) on 127.0.0.1, and the browser's part
 * of a provider sign-in: follow the authorize URL and read the code and state it redirects with.
 */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import type { ProviderConfig } from '../../../src/config/index.js';
import { createProviderLogin, type ProviderLogin, type ProviderLoginDeps } from '../../../src/auth/providers/index.js';

export const PUBLIC_URL = 'http://127.0.0.1:1337';
export const FRONT_END = 'https://app.example/signed-in';

export interface MockProvider {
  server: OAuth2Server;
  /** `http://127.0.0.1:PORT`, the issuer its discovery document names. */
  issuer: string;
  /** What the next userinfo requests answer (200); reset with `reset()`. */
  userinfo: Record<string, unknown>;
  /** The `Authorization` header of every userinfo request, in order. */
  userinfoAuthorizations: string[];
  /** The body and `Authorization` header of every token request, in order. */
  tokenRequests: Array<{ body: Record<string, unknown>; authorization: string | undefined }>;
  reset(): void;
  stop(): Promise<void>;
}

export async function startMockProvider(): Promise<MockProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  // The mock names itself `localhost`, which may resolve to ::1 where it does not listen.
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.issuer.url = issuer;
  const mock: MockProvider = {
    server,
    issuer,
    userinfo: {},
    userinfoAuthorizations: [],
    tokenRequests: [],
    reset() {
      mock.userinfo = { sub: 'ada-1', email: 'Ada@Example.com', email_verified: true, preferred_username: 'ada' };
      mock.userinfoAuthorizations = [];
      mock.tokenRequests = [];
      server.service.removeAllListeners('beforeAuthorizeRedirect');
      server.service.removeAllListeners('beforeTokenSigning');
    },
    stop: () => server.stop(),
  };
  server.service.on('beforeUserinfo', (response: { body: unknown }, req: IncomingMessage) => {
    mock.userinfoAuthorizations.push(req.headers.authorization ?? '');
    response.body = mock.userinfo;
  });
  server.service.on('beforeResponse', (_response: unknown, req: IncomingMessage & { body: Record<string, unknown> }) => {
    mock.tokenRequests.push({ body: { ...req.body }, authorization: req.headers.authorization });
  });
  mock.reset();
  return mock;
}

/** An enabled provider with the mock's URLs given explicitly. */
export function byUrls(mock: MockProvider, extra: Partial<ProviderConfig> = {}): ProviderConfig {
  return {
    enabled: true,
    clientId: 'folio-client',
    clientSecret: 'folio-secret',
    authorizeUrl: `${mock.issuer}/authorize`,
    tokenUrl: `${mock.issuer}/token`,
    profileUrl: `${mock.issuer}/userinfo`,
    ...extra,
  };
}

/** An enabled provider whose URLs come from the mock's discovery document. */
export function byIssuer(mock: MockProvider, extra: Partial<ProviderConfig> = {}): ProviderConfig {
  return { enabled: true, clientId: 'folio-client', clientSecret: 'folio-secret', issuer: mock.issuer, ...extra };
}

export function providerLogin(providers: Record<string, ProviderConfig>, deps: Partial<ProviderLoginDeps> = {}): ProviderLogin {
  return createProviderLogin({ config: () => ({ server: { url: null }, providers }), publicUrl: () => PUBLIC_URL, ...deps });
}

/** What the browser does at the provider: open the authorize URL, and read where it is sent back. */
export async function authorize(redirect: string): Promise<Record<string, string>> {
  const response = await fetch(redirect, { redirect: 'manual' });
  await response.body?.cancel();
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`the provider answered ${response.status} without a redirect`);
  return Object.fromEntries(new URL(location).searchParams);
}

/** connect → the provider → callback, as a browser drives it. */
export async function signIn(login: ProviderLogin, name: string, extra: Record<string, unknown> = {}) {
  const { redirect } = await login.connect(name);
  const query = await authorize(redirect);
  return login.callback(name, { ...query, ...extra });
}
