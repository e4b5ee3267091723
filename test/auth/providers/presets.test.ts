/**
 * The presets: default URLs and scopes, and how each provider's profile says which email is
 * verified. Their URLs are pointed at a real OAuth 2 server (and, for GitHub's REST API, a small
 * local server answering as api.github.com does).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { presets, providerConfigProblems, providerMessages as m } from '../../../src/auth/providers/index.js';
import { expectError, listenLocal } from '../../_helpers/index.js';
import { byUrls, providerLogin, signIn, startMockProvider, type MockProvider } from './_helpers.js';

let mock: MockProvider;

// ---------------------------------------------------------------------------------------------
const defaults = suite('presets');

defaults('should send each preset to its provider with its default scope', async () => {
  const expected: Record<string, { authorize: string; scope: string }> = {
    github: { authorize: 'https://github.com/login/oauth/authorize', scope: 'read:user user:email' },
    google: { authorize: 'https://accounts.google.com/o/oauth2/v2/auth', scope: 'openid email profile' },
    discord: { authorize: 'https://discord.com/oauth2/authorize', scope: 'identify email' },
    microsoft: { authorize: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize', scope: 'openid email profile' },
    gitlab: { authorize: 'https://gitlab.com/oauth/authorize', scope: 'openid email profile' },
  };
  const providers = Object.fromEntries(Object.keys(expected).map((name) => [name, { enabled: true, clientId: 'id' }]));
  const login = providerLogin(providers, { fetch: () => Promise.reject(new Error('connect needs no network for a preset')) });
  for (const [name, { authorize, scope }] of Object.entries(expected)) {
    const url = new URL((await login.connect(name)).redirect);
    assert.is(`${url.origin}${url.pathname}`, authorize, name);
    assert.is(url.searchParams.get('scope'), scope, name);
  }
});

defaults('should give every preset a token URL and a profile URL', () => {
  for (const [name, preset] of Object.entries(presets)) {
    if (name === 'oidc') {
      assert.is(preset.authorizeUrl, undefined, 'the generic provider has no URLs of its own');
      continue;
    }
    for (const url of [preset.authorizeUrl, preset.tokenUrl, preset.profileUrl]) assert.match(url ?? '', /^https:\/\//, name);
  }
});

defaults('providerConfigProblems should name what an enabled provider lacks', () => {
  assert.equal(
    providerConfigProblems({
      github: { enabled: true, clientId: 'id' },
      oidc: { enabled: true, clientId: 'id', issuer: 'https://id.example' },
      sso: { enabled: true, authorizeUrl: 'https://id.example/authorize' },
      off: { enabled: false },
    }),
    ['providers.sso: clientId is required', 'providers.sso: set issuer, or tokenUrl, profileUrl'],
  );
});

// ---------------------------------------------------------------------------------------------
const profiles = suite('presets: profiles');
profiles.before(async () => {
  mock = await startMockProvider();
});
profiles.before.each(() => mock.reset());
profiles.after(() => mock.stop());

profiles('google: should need email_verified, and take the username from the email', async () => {
  const login = providerLogin({ google: byUrls(mock) });
  mock.userinfo = { sub: '1', email: 'Ada@Gmail.com', email_verified: true, name: 'Ada Lovelace' };
  assert.equal((await signIn(login, 'google')).profile, { email: 'ada@gmail.com', username: undefined, provider: 'google' });
  mock.userinfo = { sub: '1', email: 'ada@gmail.com', email_verified: false };
  assert.is((await expectError(signIn(login, 'google'))).message, m.emailNotVerified('Google'));
});

profiles('discord: should read email, verified and username', async () => {
  const login = providerLogin({ discord: byUrls(mock) });
  mock.userinfo = { id: '80351110224678912', username: 'nelly', email: 'nelly@discord.com', verified: true };
  assert.equal((await signIn(login, 'discord')).profile, { email: 'nelly@discord.com', username: 'nelly', provider: 'discord' });
  mock.userinfo = { id: '80351110224678912', username: 'nelly', email: 'nelly@discord.com', verified: false };
  assert.is((await expectError(signIn(login, 'discord'))).message, m.emailNotVerified('Discord'));
});

profiles('gitlab: should read the OpenID Connect claims, with nickname as the username', async () => {
  const login = providerLogin({ gitlab: byUrls(mock) });
  mock.userinfo = { sub: '42', email: 'ada@gitlab.example', email_verified: true, nickname: 'ada.l' };
  assert.equal((await signIn(login, 'gitlab')).profile, { email: 'ada@gitlab.example', username: 'ada.l', provider: 'gitlab' });
  mock.userinfo = { sub: '42', email: 'ada@gitlab.example', nickname: 'ada.l' };
  assert.is((await expectError(signIn(login, 'gitlab'))).message, m.emailNotVerified('GitLab'));
});

profiles('microsoft: should accept a personal account, and a work account only with a verified email claim', async () => {
  const login = providerLogin({ microsoft: byUrls(mock) });
  const idToken = (claims: Record<string, unknown>) =>
    mock.server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => Object.assign(token.payload, claims));
  mock.userinfo = { sub: 'x', email: 'Ada@Outlook.com' };

  idToken({ tid: '9188040d-6c67-4c5b-b112-36a304b66dad' });
  assert.equal((await signIn(login, 'microsoft')).profile, { email: 'ada@outlook.com', username: undefined, provider: 'microsoft' });

  mock.reset();
  mock.userinfo = { sub: 'x', email: 'ceo@victim.example' };
  idToken({ tid: '11111111-2222-3333-4444-555555555555' });
  assert.is((await expectError(signIn(login, 'microsoft'))).message, m.emailNotVerified('Microsoft'), 'the nOAuth case: an unverified work email');

  mock.reset();
  mock.userinfo = { sub: 'x', email: 'ada@contoso.example' };
  idToken({ tid: '11111111-2222-3333-4444-555555555555', xms_edov: true });
  assert.is((await signIn(login, 'microsoft')).profile.email, 'ada@contoso.example');
});

profiles('microsoft: should not read claims from an id_token in the query', async () => {
  const login = providerLogin({ microsoft: byUrls(mock) });
  mock.userinfo = { sub: 'x', email: 'ceo@victim.example' };
  const payload = Buffer.from(JSON.stringify({ tid: '9188040d-6c67-4c5b-b112-36a304b66dad', email_verified: true })).toString('base64url');
  const error = await expectError(signIn(login, 'microsoft', { id_token: `eyJhbGciOiJub25lIn0.${payload}.` }));
  assert.is(error.message, m.emailNotVerified('Microsoft'));
});

// ---------------------------------------------------------------------------------------------
interface GitHubApi {
  url: string;
  emails: unknown;
  requests: Array<{ path: string; authorization: string | undefined; body: string }>;
  close(): Promise<void>;
}

/** Answers as github.com's token endpoint (form-encoded, as when `Accept` is ignored) and api.github.com. */
async function startGitHubApi(): Promise<GitHubApi> {
  const api: GitHubApi = {
    url: '',
    emails: [],
    requests: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      api.requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const json = (value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (req.url === '/login/oauth/access_token') {
        res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' }).end('access_token=gho_16C7e42F292c6912E7710c838347Ae178B4a&scope=read%3Auser%2Cuser%3Aemail&token_type=bearer');
      } else if (req.headers.authorization !== 'Bearer gho_16C7e42F292c6912E7710c838347Ae178B4a') {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Bad credentials"}');
      } else if (req.url === '/user') json({ login: 'octocat', id: 1, email: 'public@github.example' });
      else if (req.url === '/user/emails') json(api.emails);
      else res.writeHead(404).end();
    });
  });
  api.url = `http://127.0.0.1:${await listenLocal(server)}`;
  return api;
}

let github: GitHubApi;
const gh = suite('presets: github');
gh.before(async () => {
  mock = await startMockProvider();
  github = await startGitHubApi();
});
gh.before.each(() => {
  mock.reset();
  github.requests = [];
});
gh.after(async () => {
  await mock.stop();
  await github.close();
});

function githubLogin() {
  return providerLogin({
    github: byUrls(mock, { tokenUrl: `${github.url}/login/oauth/access_token`, profileUrl: `${github.url}/user` }),
  });
}

gh('should take the verified primary email from /user/emails and the login as the username', async () => {
  github.emails = [
    { email: 'old@github.example', primary: false, verified: true },
    { email: 'Octo@GitHub.example', primary: true, verified: true },
  ];
  const { profile } = await signIn(githubLogin(), 'github');
  assert.equal(profile, { email: 'octo@github.example', username: 'octocat', provider: 'github' });
  assert.equal(github.requests.map((request) => request.path), ['/login/oauth/access_token', '/user', '/user/emails']);
  const token = new URLSearchParams(github.requests[0]!.body);
  assert.is(token.get('client_secret'), 'folio-secret');
});

gh('when the primary email is not verified then 400 "Email not verified by GitHub"', async () => {
  github.emails = [
    { email: 'octo@github.example', primary: true, verified: false },
    { email: 'other@github.example', primary: false, verified: true },
  ];
  assert.is((await expectError(signIn(githubLogin(), 'github'))).message, m.emailNotVerified('GitHub'));
});

gh('when /user/emails lists no primary email then the public email is not trusted', async () => {
  github.emails = [];
  assert.is((await expectError(signIn(githubLogin(), 'github'))).message, m.emailNotVerified('GitHub'));
});

defaults.run();
profiles.run();
gh.run();
