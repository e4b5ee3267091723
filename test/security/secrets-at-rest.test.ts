// store: files (checks what data/ holds and its file modes); its PostgreSQL side is in test/project/postgres-project.test.ts and test/storage/postgres.test.ts.
/**
 * Secrets at rest (the issue's "Secrets at rest" part): only password hashes and token hashes on
 * disk, the JWT secret (and other configured secrets) never in an answer or a log line, and the
 * files that hold secrets readable by their owner only.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { bearer, folio, initProject, readEnvFile, request, type JsonResponse } from '../_helpers/index.js';
import { NO_RATE_LIMIT, PERMISSIONS_ACTION, ROLE_ACTIONS, USER_ACTIONS, apiServer, serve, type ApiServer } from '../_helpers/server.js';
import { codeIn, emailConfigFor, mailCatcher } from '../_helpers/smtp.js';
import { ACME_PROVIDER } from './_helpers.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';


/** Every file under `dir` (relative path → contents as latin1, so any bytes compare). */
async function filesUnder(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  async function walk(folder: string): Promise<void> {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.set(relative(dir, full), await readFile(full, 'latin1'));
    }
  }
  await walk(dir);
  return out;
}

/** Every path under `dir` with its mode, directories included. */
async function modesUnder(dir: string): Promise<Array<{ path: string; mode: number; directory: boolean }>> {
  const out: Array<{ path: string; mode: number; directory: boolean }> = [];
  async function walk(folder: string): Promise<void> {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      out.push({ path: relative(dir, full), mode: (await stat(full)).mode & 0o777, directory: entry.isDirectory() });
      if (entry.isDirectory()) await walk(full);
    }
  }
  await walk(dir);
  return out;
}

const where = (files: Map<string, string>, needle: string) => [...files].filter(([, text]) => text.includes(needle)).map(([name]) => name);

// =============================================================================================

const atRest = suite('only hashes at rest');

atRest('after registration, confirmation, reset and admin writes, data/ holds scrypt hashes and token hashes only', async () => {
  const smtp = await mailCatcher();
  const vault = 'kind: collectionType\ninfo: { singularName: vault, pluralName: vaults, displayName: Vault }\noptions: { draftAndPublish: true }\nattributes:\n  title: { type: string }\n  pin: { type: password }\n';
  const api = await apiServer({
    files: { 'content-types/vault.yaml': vault },
    authenticatedActions: [...USER_ACTIONS],
    config: { email: emailConfigFor(smtp.port), 'users-permissions': { ...NO_RATE_LIMIT, advanced: { emailConfirmation: true, emailResetPasswordUrl: 'https://site.example/reset' } } },
  });
  try {
    const passwords = ['first-password-A', 'reset-password-B', 'changed-password-C', 'admin-made-D', 'admin-changed-E', 'vault-pin-F', 'vault-pin-G'];
    const register = await api.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: passwords[0] });
    assert.is(register.status, 200);
    const confirmation = codeIn((await smtp.next('ada@example.com')).text, 'confirmation')!;
    // A second confirmation email (send-email-confirmation), whose token stays pending.
    await api.post('/api/auth/local/register', { username: 'pending', email: 'pending@example.com', password: 'pending-password' });
    const pendingFirst = codeIn((await smtp.next('pending@example.com')).text, 'confirmation')!;
    await api.post('/api/auth/send-email-confirmation', { email: 'pending@example.com' });
    const pendingSecond = codeIn((await smtp.next('pending@example.com')).text, 'confirmation')!;
    assert.is((await fetch(`${api.url}/api/auth/email-confirmation?confirmation=${confirmation}`, { redirect: 'manual' })).status, 302);
    // A used reset code, and one left pending.
    await api.post('/api/auth/forgot-password', { email: 'ada@example.com' });
    const usedCode = codeIn((await smtp.next('ada@example.com')).text, 'code')!;
    const reset = await api.post('/api/auth/reset-password', { code: usedCode, password: passwords[1], passwordConfirmation: passwords[1] });
    assert.is(reset.status, 200);
    const changed = await api.post('/api/auth/change-password', { currentPassword: passwords[1], password: passwords[2], passwordConfirmation: passwords[2] }, bearer(reset.body.jwt));
    assert.is(changed.status, 200);
    await api.post('/api/auth/forgot-password', { email: 'ada@example.com' });
    const pendingCode = codeIn((await smtp.next('ada@example.com')).text, 'code')!;
    // Passwords written by an admin and by content.
    const made = await api.post('/api/users', { username: 'made', email: 'made@example.com', password: passwords[3] }, bearer(changed.body.jwt));
    assert.is(made.status, 201);
    assert.is((await api.put(`/api/users/${made.body.id}`, { password: passwords[4] }, bearer(changed.body.jwt))).status, 200);
    const doc = await api.post('/api/vaults', { data: { title: 'v', pin: passwords[5] } });
    assert.is(doc.status, 200);
    assert.is((await api.put(`/api/vaults/${doc.body.data.documentId}?status=draft`, { data: { pin: passwords[6] } })).status, 200);
    await api.project.flush();

    const files = await filesUnder(join(api.dir, 'data'));
    for (const secret of [...passwords, 'pending-password', confirmation, pendingFirst, pendingSecond, usedCode, pendingCode, changed.body.jwt, reset.body.jwt]) {
      assert.equal(where(files, secret), [], `${secret.slice(0, 16)}… is not stored as given`);
    }
    const users = JSON.parse(files.get('users.json')!).rows as Array<Record<string, unknown>>;
    for (const user of users) {
      assert.match(String(user.password), /^\$scrypt\$N=\d+,r=\d+,p=\d+\$[^$]+\$[^$]+$/, `${String(user.username)}: a scrypt hash`);
      for (const field of ['resetPasswordToken', 'confirmationToken']) {
        const value = user[field];
        assert.ok(value === null || value === undefined || /^[0-9a-f]{64}$/.test(String(value)), `${String(user.username)}.${field} is a SHA-256 hash or empty`);
      }
    }
    const ada = users.find((u) => u.username === 'ada')!;
    assert.is(ada.resetPasswordToken, createHash('sha256').update(pendingCode).digest('hex'), 'the pending code is kept as its hash');
    const pending = users.find((u) => u.username === 'pending')!;
    assert.is(pending.confirmationToken, createHash('sha256').update(pendingSecond).digest('hex'), 'the pending token is kept as its hash');
    const pins = [...files].filter(([name]) => name.startsWith('content/vault/')).map(([, text]) => JSON.parse(text).pin);
    assert.ok(pins.length >= 2);
    for (const pin of pins) assert.match(String(pin), /^\$scrypt\$/, 'a content password attribute is a hash');
  } finally {
    await api.close();
    await smtp.close();
  }
});

atRest('refresh mode: data/sessions.json holds neither refresh tokens nor access tokens', async () => {
  const api = await apiServer({ config: { 'users-permissions': { jwtManagement: 'refresh', ...NO_RATE_LIMIT } } });
  try {
    const tokens: string[] = [];
    const first = (await api.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse' })).body;
    tokens.push(first.jwt, first.refreshToken);
    const rotated = (await api.post('/api/auth/refresh', { refreshToken: first.refreshToken })).body;
    tokens.push(rotated.jwt, rotated.refreshToken);
    const cookie = await api.post('/api/auth/local', { identifier: 'ada', password: 'correct-horse' }, { 'x-strapi-refresh-cookie': 'httpOnly' });
    tokens.push(cookie.body.jwt, /strapi_up_refresh=([^;]+)/.exec(cookie.headers.get('set-cookie') ?? '')![1]!);
    await api.project.flush();
    const files = await filesUnder(join(api.dir, 'data'));
    assert.ok(files.has('sessions.json'));
    for (const token of tokens) {
      assert.equal(where(files, token), [], 'a token is not stored as given');
      // nor its signature alone
      assert.equal(where(files, token.split('.')[2]!), [], 'a token signature is not stored');
    }
  } finally {
    await api.close();
  }
});

atRest.run();

// =============================================================================================

const never = suite('configured secrets never leave the server');

/** A broad crawl: every route, with and without tokens, good and bad input, errors of every status. */
async function crawl(base: string, token: string): Promise<JsonResponse[]> {
  const responses: JsonResponse[] = [];
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    responses.push(await request(`${base}${path}`, { method, body, headers }).catch((error: Error) => ({ status: 0, headers: new Headers(), body: undefined, text: error.message })));
  };
  const auth = bearer(token);
  const paths = [
    '/api/articles', '/api/articles?populate=*', '/api/articles/nosuch', '/api/categories', '/api/homepage', '/api/i18n/locales', '/api/users', '/api/users/me', '/api/users/count', '/api/users/1',
    '/api/users-permissions/roles', '/api/users-permissions/roles/1', '/api/users-permissions/roles/2', '/api/users-permissions/permissions', '/api/auth/sessions', '/api/connect/acme',
    '/api/connect/acme?callback=https://evil.example', '/api/auth/acme/callback?code=x&state=y', '/api/auth/email-confirmation?confirmation=x', '/api/nothing', '/', '/api',
    '/api/articles?filters[title][$fake]=1', `/api/articles?x=${'y'.repeat(17_000)}`,
  ];
  for (const path of paths) {
    await send('GET', path);
    await send('GET', path, undefined, auth);
    await send('GET', path, undefined, bearer('garbage'));
  }
  for (const [path, body] of [
    ['/api/auth/local', { identifier: 'ada', password: 'correct-horse' }], ['/api/auth/local', { identifier: 'ada', password: 'wrong' }],
    ['/api/auth/local/register', { username: 'crawler', email: 'crawler@example.com', password: 'crawler-pass' }], ['/api/auth/local/register', { username: 'ada', email: 'x', password: 'y' }],
    ['/api/auth/forgot-password', { email: 'ada@example.com' }], ['/api/auth/reset-password', { code: 'x', password: 'a', passwordConfirmation: 'a' }],
    ['/api/auth/send-email-confirmation', { email: 'ada@example.com' }], ['/api/auth/refresh', { refreshToken: 'x' }], ['/api/auth/logout', {}],
    ['/api/articles', { data: { title: 'Crawled' } }], ['/api/articles', '{"malformed'], ['/api/users-permissions/roles', { name: 'Crawled', description: 'x' }],
    ['/api/i18n/locales', {}],
  ] as const) {
    await send('POST', path, body);
    await send('POST', path, body, auth);
  }
  await send('POST', '/api/articles', { data: { title: 'x'.repeat(1024 * 1024 + 10) } });
  await send('POST', '/api/categories', '{"data":{"name":"gz"}}', { 'content-encoding': 'gzip' }); // a 500 today: its cause goes to the log
  await send('POST', '/api/auth/local', `{"identifier":${'['.repeat(20_000)}${']'.repeat(20_000)},"password":"x"}`); // a 500 today, logged with its stack
  await send('PUT', '/api/users/1', { password: 'new-admin-pass' }, auth);
  await send('DELETE', '/api/users-permissions/roles/1', undefined, auth);
  return responses;
}

never('the JWT secret, the provider client secret and the SMTP password appear in no answer and no log line', async () => {
  const smtp = await mailCatcher(); // it offers no AUTH: every email fails, and the failures are logged
  const jwtSecret = 'configured-jwt-secret-that-must-never-leak-0123456789';
  const clientSecret = 'provider-client-secret-never-leak';
  const smtpPass = 'smtp-password-never-leak';
  const api: ApiServer = await apiServer({
    authenticatedActions: [...USER_ACTIONS, ...ROLE_ACTIONS, PERMISSIONS_ACTION],
    config: {
      email: emailConfigFor(smtp.port, { auth: { user: 'mailer', pass: smtpPass } }),
      'users-permissions': {
        jwtSecret, ...NO_RATE_LIMIT, advanced: { emailConfirmation: true, emailResetPasswordUrl: 'https://site.example/reset' },
        providers: { acme: { ...ACME_PROVIDER, clientSecret } },
      },
    },
  });
  try {
    assert.is(api.project.tokens.secret, jwtSecret, 'the configured secret is the one in use');
    const ada = await api.project.users.create(SYSTEM_ACTOR, { username: 'ada', email: 'ada@example.com', password: 'correct-horse', confirmed: true });
    const { issueToken } = await import('../../src/auth/index.js');
    const responses = await crawl(api.url, issueToken(api.project.tokens, ada.id));
    await new Promise((resolve) => setTimeout(resolve, 300)); // emails sent after the answer fail now
    await api.project.flush();
    const secrets = [jwtSecret, Buffer.from(jwtSecret).toString('base64'), clientSecret, smtpPass];
    for (const response of responses) {
      const everything = `${response.text}\n${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}`;
      for (const secret of secrets) assert.not.ok(everything.includes(secret), `an answer (${response.status}) contains a secret: ${response.text.slice(0, 100)}`);
    }
    assert.ok(api.log.length > 0, 'the server logged something (the failed emails at least)');
    for (const line of api.log) for (const secret of secrets) assert.not.ok(line.includes(secret), `a log line contains a secret: ${line.slice(0, 160)}`);
    assert.not.ok(api.log.some((line) => line.includes('correct-horse')), 'no password in the log');
  } finally {
    await api.close();
    await smtp.close();
  }
});

never('a generated secret (data/.jwt-secret) appears in no answer and no log line', async () => {
  const api = await apiServer({ authenticatedActions: [...USER_ACTIONS, ...ROLE_ACTIONS, PERMISSIONS_ACTION], config: { 'users-permissions': NO_RATE_LIMIT } });
  try {
    const secret = (await readFile(join(api.dir, 'data/.jwt-secret'), 'utf8')).trim();
    assert.is(secret, api.project.tokens.secret);
    const ada = await api.project.users.create(SYSTEM_ACTOR, { username: 'ada', email: 'ada@example.com', password: 'correct-horse', confirmed: true });
    const { issueToken } = await import('../../src/auth/index.js');
    const responses = await crawl(api.url, issueToken(api.project.tokens, ada.id));
    for (const response of responses) assert.not.ok(response.text.includes(secret), `an answer (${response.status}) contains the secret`);
    for (const line of api.log) assert.not.ok(line.includes(secret), `a log line contains the secret: ${line.slice(0, 160)}`);
  } finally {
    await api.close();
  }
});

never('folio serve prints neither the secret of .env nor JWT_SECRET, whatever it is asked', async () => {
  const project = await initProject();
  try {
    const configured = (await readEnvFile(project.dir)).JWT_SECRET!;
    assert.ok(configured);
    const envSecret = 'environment-jwt-secret-never-printed-42';
    for (const env of [{}, { JWT_SECRET: envSecret }] as Array<Record<string, string>>) {
      const server = await serve(project.dir, [], env);
      let stdout = '';
      server.child.stdout!.on('data', (chunk) => (stdout += chunk));
      try {
        const responses = await crawl(server.url, 'not-a-token');
        for (const response of responses) {
          assert.not.ok(response.text.includes(configured) || response.text.includes(envSecret), `an answer contains a secret (${response.status})`);
        }
      } finally {
        assert.is(await server.stop(), 0);
      }
      for (const secret of [configured, envSecret]) {
        assert.not.ok(server.stderr().includes(secret), 'stderr holds no secret');
        assert.not.ok(stdout.includes(secret), 'stdout holds no secret');
      }
    }
  } finally {
    await project.cleanup();
  }
});

never.run();

// =============================================================================================

const modes = suite('file modes');

modes('folio init: .env (the secrets), data/ and everything in it are owner-only', async () => {
  const project = await initProject();
  try {
    assert.is((await stat(join(project.dir, '.env'))).mode & 0o777, 0o600);
    assert.is((await stat(join(project.dir, 'data'))).mode & 0o777, 0o700, 'data/ is 0700');
    const entries = await modesUnder(join(project.dir, 'data'));
    assert.ok(entries.some((e) => e.path.endsWith('.json')), 'init wrote tables');
    for (const entry of entries) assert.is(entry.mode & 0o077, 0, `data/${entry.path} is ${entry.mode.toString(8)}`);
  } finally {
    await project.cleanup();
  }
});

modes('folio config set keeps a file that now holds a secret owner-only (email.smtp.auth, jwtSecret)', async () => {
  const project = await initProject();
  try {
    const set = await folio(['--dir', project.dir, 'config', 'set', 'email.smtp.auth', '{ user: me, pass: hunter2-smtp }']);
    assert.is(set.code, 0, set.stderr);
    assert.match(await readFile(join(project.dir, 'config/email.yaml'), 'utf8'), /hunter2-smtp/);
    assert.is((await stat(join(project.dir, 'config/email.yaml'))).mode & 0o077, 0, 'config/email.yaml now holds a password');
    const secret = await folio(['--dir', project.dir, 'config', 'set', 'users-permissions.jwtSecret', 'a-new-secret-of-some-length-123456']);
    assert.is(secret.code, 0, secret.stderr);
    assert.is((await stat(join(project.dir, 'config/users-permissions.yaml'))).mode & 0o077, 0);
  } finally {
    await project.cleanup();
  }
});

modes('everything the server writes under data/ (tables, documents, outbox, sessions, the generated secret) is owner-only', async () => {
  const api = await apiServer({ config: { 'users-permissions': { jwtManagement: 'refresh', ...NO_RATE_LIMIT, advanced: { emailConfirmation: true } } } });
  try {
    await api.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse' });
    await api.post('/api/auth/forgot-password', { email: 'ada@example.com' });
    await api.post('/api/articles', { data: { title: 'Doc', sections: [{ heading: 'h' }] } });
    await api.put('/api/homepage', { data: { title: 'Home' } });
    await api.project.users.create(SYSTEM_ACTOR, { username: 'grace', email: 'grace@example.com', password: 'correct-horse', confirmed: true });
    await api.post('/api/auth/local', { identifier: 'grace', password: 'correct-horse' });
    await new Promise((resolve) => setTimeout(resolve, 200)); // the reset email is written after the answer
    await api.project.flush();
    const entries = await modesUnder(join(api.dir, 'data'));
    for (const name of ['users.json', 'sessions.json', '.jwt-secret', 'outbox']) assert.ok(entries.some((e) => e.path === name), `data/${name} exists`);
    assert.ok(entries.some((e) => e.path.startsWith('outbox/') && e.path.endsWith('.eml')), 'an email was written');
    assert.ok(entries.some((e) => e.path.startsWith('content/article/')), 'a document was written');
    const loose = entries.filter((e) => (e.mode & 0o077) !== 0 || (e.directory && e.mode !== 0o700));
    assert.equal(loose.map((e) => `data/${e.path} ${e.mode.toString(8)}`), []);
    assert.is((await stat(join(api.dir, 'data'))).mode & 0o777, 0o700);
  } finally {
    await api.close();
  }
});

modes('a data/ folder that came world-readable (a checkout, a restored backup) is made owner-only at startup', async () => {
  const project = await initProject();
  try {
    const data = join(project.dir, 'data');
    await chmod(data, 0o755);
    await mkdir(join(data, 'outbox'), { recursive: true });
    await writeFile(join(data, 'outbox', 'old.eml'), 'Subject: old\r\n\r\ncode=abc\r\n', { mode: 0o644 });
    await chmod(join(data, 'outbox'), 0o755);
    const server = await serve(project.dir);
    try {
      assert.is((await stat(data)).mode & 0o777, 0o700, 'data/ itself, which guards everything in it');
    } finally {
      await server.stop();
    }
  } finally {
    await project.cleanup();
  }
});

modes.run();
