// store: files (scans the files under data/ for a token); its PostgreSQL side is in test/project/postgres-project.test.ts and test/storage/postgres.test.ts.
/**
 * API tokens over real HTTP: each type acts with exactly its rights, regenerate and revoke take
 * effect at once, a token expires on a clock the test controls, and only a salted HMAC is stored.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHmac } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { apiTokenMessages } from '../../src/auth/index.js';
import { openProject, type Project } from '../../src/project/index.js';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { bearer, eventually, folio, readEnvFile, request, type JsonResponse } from '../_helpers/index.js';
import { testProject } from '../_helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

const DAY = 24 * 60 * 60 * 1000;
const SALT = 'a-salt-for-the-tests';

interface TokenServer {
  dir: string;
  project: Project;
  /** The clock the project's expiries read; move it with `clock.now += …`. */
  clock: { now: number };
  get(path: string, token?: string): Promise<JsonResponse>;
  post(path: string, body: unknown, token?: string): Promise<JsonResponse>;
  close(): Promise<void>;
}

/** The sample project served in this process with a clock of the test's; Public may do nothing. */
async function tokenServer(env = `API_TOKEN_SALT=${SALT}\n`): Promise<TokenServer> {
  const sample = await testProject({ publicActions: [], files: env === '' ? {} : { '.env': env } });
  const clock = { now: Date.parse('2026-03-01T12:00:00.000Z') };
  const project = await openProject(sample.dir, { env: {}, overrides: { port: 0 }, logLines: () => undefined, now: () => clock.now });
  const running: RunningServer = await startServer(project);
  const headers = (token?: string) => (token === undefined ? {} : bearer(token));
  return {
    dir: sample.dir,
    project,
    clock,
    get: (path, token) => request(`${running.url}${path}`, { headers: headers(token) }),
    post: (path, body, token) => request(`${running.url}${path}`, { method: 'POST', body, headers: headers(token) }),
    close: async () => {
      await running.stop();
      await sample.cleanup();
    },
  };
}

let server: TokenServer;
const test = suite('API tokens');
test.before.each(async () => {
  server = await tokenServer();
});
test.after.each(() => server.close());

const article = { data: { title: 'Written with a token' } };

test('when a read-only token reads content then it is served, and every write or account endpoint is refused', async () => {
  const { accessKey } = await server.project.apiTokens.create(SYSTEM_ACTOR, { name: 'site-build', type: 'read-only' });
  assert.is((await server.get('/api/articles')).status, 403, 'Public may not read articles here');
  assert.is((await server.get('/api/articles', accessKey)).status, 200);
  assert.is((await server.get('/api/categories', accessKey)).status, 200);
  const write = await server.post('/api/articles', article, accessKey);
  assert.is(write.status, 403);
  assert.equal(write.body.error, { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} });
  assert.is((await server.get('/api/users', accessKey)).status, 403);
  assert.is((await server.get('/api/users-permissions/roles', accessKey)).status, 403);
});

test('when a full-access token is used then it may write content and reach the users and roles endpoints', async () => {
  const { accessKey } = await server.project.apiTokens.create(SYSTEM_ACTOR, { name: 'importer', type: 'full-access' });
  const created = await server.post('/api/articles', article, accessKey);
  assert.is(created.status, 200, created.text);
  assert.is((await server.get('/api/users', accessKey)).status, 200);
  assert.is((await server.get('/api/users-permissions/roles', accessKey)).status, 200);
});

test('when a custom token is used then exactly its actions are allowed', async () => {
  const { accessKey } = await server.project.apiTokens.create(SYSTEM_ACTOR, { name: 'writer', type: 'custom', grant: ['api::article.article.create', 'api::article.article.find'] });
  assert.is((await server.post('/api/articles', article, accessKey)).status, 200);
  assert.is((await server.get('/api/articles', accessKey)).status, 200);
  assert.is((await server.get('/api/categories', accessKey)).status, 403);
  assert.is((await server.get('/api/users', accessKey)).status, 403);
});

test('when a token is unknown then it is 401 and never Public, while a JWT still signs a user in', async () => {
  const { accessKey } = await server.project.apiTokens.create(SYSTEM_ACTOR, { name: 'site-build' });
  const unknown = `${accessKey.slice(0, -1)}${accessKey.endsWith('0') ? '1' : '0'}`;
  const refused = await server.get('/api/articles', unknown);
  assert.is(refused.status, 401);
  assert.equal(refused.body.error, { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} });
  const registered = await server.post('/api/auth/local/register', { username: 'grace', email: 'grace@example.com', password: 'a-long-password' });
  assert.is(registered.status, 200, registered.text);
  assert.is((await server.get('/api/users/me', registered.body.jwt)).status, 200, 'a JWT is not taken for a token');
});

test('when a token is regenerated then the old value is refused at once and the new one works', async () => {
  const first = await server.project.apiTokens.create(SYSTEM_ACTOR, { name: 'site-build' });
  assert.is((await server.get('/api/articles', first.accessKey)).status, 200);
  const second = await server.project.apiTokens.regenerate(SYSTEM_ACTOR, 'site-build');
  assert.is.not(second.accessKey, first.accessKey);
  assert.is((await server.get('/api/articles', first.accessKey)).status, 401);
  assert.is((await server.get('/api/articles', second.accessKey)).status, 200);
});

test('when a token is revoked then it is refused at once', async () => {
  const { accessKey } = await server.project.apiTokens.create(SYSTEM_ACTOR, { name: 'site-build' });
  await server.project.apiTokens.revoke(SYSTEM_ACTOR, 'site-build');
  assert.is((await server.get('/api/articles', accessKey)).status, 401);
  assert.equal(server.project.apiTokens.list(SYSTEM_ACTOR), []);
});

test('when a token outlives its duration then it is 401 Token expired', async () => {
  const { accessKey, token } = await server.project.apiTokens.create(SYSTEM_ACTOR, { name: 'preview', duration: '7' });
  assert.is(token.expiresAt, new Date(server.clock.now + 7 * DAY).toISOString());
  server.clock.now += 7 * DAY - 1000;
  assert.is((await server.get('/api/articles', accessKey)).status, 200);
  server.clock.now += 2000;
  const expired = await server.get('/api/articles', accessKey);
  assert.is(expired.status, 401);
  assert.is(expired.body.error.message, apiTokenMessages.expired);
});

test('when a token is used then lastUsedAt is recorded, at most once a minute', async () => {
  const { accessKey } = await server.project.apiTokens.create(SYSTEM_ACTOR, { name: 'site-build' });
  const started = new Date(server.clock.now).toISOString();
  await server.get('/api/articles', accessKey);
  await eventually(async () => server.project.apiTokens.list(SYSTEM_ACTOR)[0]!.lastUsedAt === started, 'lastUsedAt recorded');
  server.clock.now += 30 * 1000;
  await server.get('/api/articles', accessKey);
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.is(server.project.apiTokens.list(SYSTEM_ACTOR)[0]!.lastUsedAt, started, 'not written again within the minute');
  server.clock.now += 31 * 1000;
  await server.get('/api/articles', accessKey);
  await eventually(async () => server.project.apiTokens.list(SYSTEM_ACTOR)[0]!.lastUsedAt === new Date(server.clock.now).toISOString(), 'recorded again a minute later');
});

test('when tokens are stored then only an HMAC-SHA512 of each value with API_TOKEN_SALT is on disk', async () => {
  const { accessKey } = await server.project.apiTokens.create(SYSTEM_ACTOR, { name: 'site-build', description: 'the nightly build' });
  const stored = JSON.parse(await readFile(join(server.dir, 'data/tokens.json'), 'utf8'));
  assert.is(stored.rows[0].accessKey, createHmac('sha512', SALT).update(accessKey).digest('hex'));
  assert.is((await stat(join(server.dir, 'data/tokens.json'))).mode & 0o777, 0o600);
  for (const name of await readdir(join(server.dir, 'data'), { recursive: true })) {
    const file = join(server.dir, 'data', name);
    if ((await stat(file)).isFile()) assert.not.ok((await readFile(file, 'utf8')).includes(accessKey), `${name} holds the token in clear`);
  }
  assert.not.ok(JSON.stringify(server.project.apiTokens.list(SYSTEM_ACTOR)).includes(accessKey));
});

test('when the CLI creates or revokes a token then the running server obeys it without a restart', async () => {
  const created = await folio(['--dir', server.dir, 'token', 'create', 'from-cli', '--type', 'read-only']);
  assert.is(created.code, 0, created.stderr);
  const accessKey = created.stdout.trim().split('\n').at(-1)!;
  await eventually(async () => (await server.get('/api/articles', accessKey)).status === 200, 'the CLI token accepted');
  const revoked = await folio(['--dir', server.dir, 'token', 'revoke', 'from-cli']);
  assert.is(revoked.code, 0, revoked.stderr);
  await eventually(async () => (await server.get('/api/articles', accessKey)).status === 401, 'the revoked token refused');
});

test.run();

const salt = suite('API_TOKEN_SALT of a project made before API tokens');

salt('when the first token is created then a salt is added to .env, and a server already running accepts the token', async () => {
  const old = await tokenServer('');
  try {
    const created = await folio(['--dir', old.dir, 'token', 'create', 'site-build']);
    assert.is(created.code, 0, created.stderr);
    const accessKey = created.stdout.trim().split('\n').at(-1)!;
    const env = await readEnvFile(old.dir);
    assert.ok(env.API_TOKEN_SALT && env.API_TOKEN_SALT.length >= 32, 'a generated salt');
    assert.is((await stat(join(old.dir, '.env'))).mode & 0o777, 0o600);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the server reads .env again at most once a second
    await eventually(async () => (await old.get('/api/articles', accessKey)).status === 200, 'the token accepted');
  } finally {
    await old.close();
  }
});

salt('when a site sends its first requests together with a token made since the server started then none is refused', async () => {
  // A site's build (gatsby-source-strapi) sends its first two requests at once: the second must
  // wait for the .env the first is reading, not be answered 401.
  const old = await tokenServer('');
  try {
    const created = await folio(['--dir', old.dir, 'token', 'create', 'site-build', '--type', 'full-access']);
    assert.is(created.code, 0, created.stderr);
    const accessKey = created.stdout.trim();
    const statuses = await Promise.all([1, 2, 3, 4].map(async () => (await old.get('/api/articles', accessKey)).status));
    assert.equal(statuses, [200, 200, 200, 200]);
  } finally {
    await old.close();
  }
});

salt.run();
