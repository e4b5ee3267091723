/**
 * Content in git (docs/content-in-git.md): `folio init` puts the
 * secrets in `.env` and a `.gitignore` that versions content, roles and permissions but no account
 * and no secret; the server and the CLI read `.env` under the real environment; `env:NAME` values
 * in config; one warning for a secret left in config/. The git checks run the real `git` binary.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { issueToken } from '../../src/auth/index.js';
import { loadConfig } from '../../src/config/index.js';
import { ProjectFileError } from '../../src/errors.js';
import { projectEnv } from '../../src/project/index.js';
import { bearer, eventually, expectError, folio, initProject, readEnvFile, request, tempDir } from '../_helpers/index.js';
import { NO_RATE_LIMIT, apiServer, serve } from '../_helpers/server.js';

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name).slice(dir.length + 1));
}

/** Runs the real git in `cwd`; this spec installs nothing, so a machine without git fails here, saying so. */
function git(cwd: string, args: string[]): string {
  const probe = spawnSync('git', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new Error('this spec needs the `git` binary on PATH (Debian: apt-get install git); it was not found');
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'core.autocrlf=false', ...args], { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
}

const BASE64_32_BYTES = /^[A-Za-z0-9+/]{43}=$/;

// =============================================================================================

const init = suite('folio init: secrets in .env, a .gitignore for content in git');

init('should write JWT_SECRET and API_TOKEN_SALT to .env (mode 0600), and no secret to config/', async () => {
  const project = await initProject();
  try {
    assert.is((await stat(join(project.dir, '.env'))).mode & 0o777, 0o600);
    const env = await readEnvFile(project.dir);
    assert.match(env.JWT_SECRET!, BASE64_32_BYTES, 'JWT_SECRET: 32 random bytes, base64');
    assert.match(env.API_TOKEN_SALT!, BASE64_32_BYTES, 'API_TOKEN_SALT: 32 random bytes, base64');
    assert.is.not(env.JWT_SECRET, env.API_TOKEN_SALT);

    const configFiles = await filesUnder(join(project.dir, 'config'));
    assert.ok(configFiles.length >= 5, configFiles.join(', '));
    const sharedMode = (await stat(join(project.dir, 'config/server.yaml'))).mode & 0o777;
    for (const file of configFiles) {
      const text = await readFile(join(project.dir, 'config', file), 'utf8');
      for (const secret of [env.JWT_SECRET!, env.API_TOKEN_SALT!]) assert.not.ok(text.includes(secret), `config/${file} holds a secret`);
      assert.is((await stat(join(project.dir, 'config', file))).mode & 0o777, sharedMode, `config/${file} has the mode of the other config files`);
    }
    assert.is(sharedMode & 0o044, 0o044 & ~process.umask(), 'config files are readable by the team (0644)');
    const up = await readFile(join(project.dir, 'config/users-permissions.yaml'), 'utf8');
    assert.not.ok('jwtSecret' in (parse(up) as object), 'no jwtSecret key');
    assert.match(up, /\.env/, 'its comment says where the secret is');
    assert.not.match(up, /keep this file secret|holds the JWT signing key/i);
  } finally {
    await project.cleanup();
  }
});

init('should write a commented .gitignore that ignores .env, node_modules/ and the account and secret files of data/', async () => {
  const project = await initProject();
  try {
    const text = await readFile(join(project.dir, '.gitignore'), 'utf8');
    const patterns = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    for (const pattern of ['.env', 'node_modules/', 'data/users.json', 'data/sessions.json', 'data/.jwt-secret', 'data/outbox/']) {
      assert.ok(patterns.includes(pattern), `.gitignore lists ${pattern}`);
    }
    assert.not.ok(patterns.includes('data/') || patterns.includes('data/*') || patterns.includes('data'), 'data/ as a whole is not ignored');
    assert.ok(text.split('\n').filter((line) => line.startsWith('#')).length >= 6, 'each group is commented');
  } finally {
    await project.cleanup();
  }
});

init.run();

// =============================================================================================

const versioned = suite('git add -A in a project that has served');

versioned('should stage content, content types, config, roles and permissions, and no secret, account, session, email, lock or temp file', async () => {
  const project = await initProject();
  const { dir } = project;
  try {
    const password = 'correct-horse-battery';
    for (const args of [
      ['content-type', 'create', 'article', '--attr', 'title:string'],
      ['permission', 'grant', 'public', 'api::article.article.find', 'api::article.article.create'],
      ['config', 'set', 'users-permissions.jwtManagement', 'refresh'],
      ['user', 'create', '--username', 'ada', '--email', 'ada@example.com', '--password', password, '--confirmed'],
    ]) {
      const result = await folio(['--dir', dir, ...args]);
      assert.is(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
    }
    const server = await serve(dir);
    let tokens: string[];
    try {
      const login = await request(`${server.url}/api/auth/local`, { method: 'POST', body: { identifier: 'ada', password } });
      assert.is(login.status, 200, login.text);
      tokens = [login.body.jwt, login.body.refreshToken];
      const created = await request(`${server.url}/api/articles`, { method: 'POST', body: { data: { title: 'Versioned' } } });
      assert.ok(created.status === 200 || created.status === 201, created.text);
      const forgot = await request(`${server.url}/api/auth/forgot-password`, { method: 'POST', body: { email: 'ada@example.com' } });
      assert.is(forgot.status, 200);
      await eventually(async () => (await readdir(join(dir, 'data/outbox')).catch(() => [])).length > 0, 'the reset email in data/outbox/');
    } finally {
      assert.is(await server.stop(), 0);
    }
    // What a crash or a later feature leaves: a lock, temp files and folders, the generated secret, API tokens.
    await writeFile(join(dir, 'data/.users.lock'), '4242:abcdef');
    await writeFile(join(dir, 'data/.users.json.4242.abcdef012345.tmp'), '{}');
    await mkdir(join(dir, 'data/content/article/.doc.4242.abcdef012345.tmp'), { recursive: true });
    await writeFile(join(dir, 'data/content/article/.doc.4242.abcdef012345.tmp/draft.en.json'), '{}');
    await writeFile(join(dir, 'data/.jwt-secret'), 'generated-secret-never-versioned\n');
    await writeFile(join(dir, 'data/api-tokens.json'), '{"rows":[]}');
    const onDisk = await filesUnder(join(dir, 'data'));
    for (const file of ['users.json', 'sessions.json']) assert.ok(onDisk.includes(file), `data/${file} exists, so ignoring it is tested`);

    git(dir, ['init', '-q']);
    git(dir, ['add', '-A']);
    const staged = git(dir, ['diff', '--cached', '--name-only']).split('\n').filter(Boolean);

    for (const file of ['.gitignore', 'config/users-permissions.yaml', 'config/i18n.yaml', 'content-types/article.yaml', 'data/roles.json', 'data/permissions.json']) {
      assert.ok(staged.includes(file), `${file} is staged (${staged.join(', ')})`);
    }
    assert.ok(staged.some((file) => /^data\/content\/article\/[^/.][^/]*\/(draft|published)\.[\w-]+\.json$/.test(file)), `the article document is staged (${staged.join(', ')})`);
    const unwanted = /^\.env$|^data\/(users|sessions|tokens|api-tokens)\.json$|^data\/\.jwt-secret$|^data\/outbox\/|\.lock$|\.tmp(\/|$)|node_modules/;
    assert.equal(staged.filter((file) => unwanted.test(file)), [], 'no secret, account, session, email, lock or temp file is staged');

    const env = await readEnvFile(dir);
    const secrets = [env.JWT_SECRET!, env.API_TOKEN_SALT!, password, 'generated-secret-never-versioned', ...tokens];
    for (const file of staged) {
      const text = git(dir, ['show', `:${file}`]);
      for (const secret of secrets) assert.not.ok(text.includes(secret), `${file} holds a secret`);
      assert.not.ok(text.includes('$scrypt$'), `${file} holds a password hash`);
    }
  } finally {
    await project.cleanup();
  }
});

versioned.run();

// =============================================================================================

const env = suite('.env under the real environment');

env('should sign tokens with JWT_SECRET from .env, and with the one of the real environment when it is set', async () => {
  const project = await initProject();
  try {
    const created = await folio(['--dir', project.dir, 'user', 'create', '--username', 'ada', '--email', 'ada@example.com', '--password', 'correct-horse', '--confirmed', '--json']);
    assert.is(created.code, 0, created.stderr);
    const id = JSON.parse(created.stdout).id as number;
    const fromFile = (await readEnvFile(project.dir)).JWT_SECRET!;
    const fromEnv = 'a-jwt-secret-from-the-real-environment-0123456789';
    const me = async (url: string, secret: string) => (await request(`${url}/api/users/me`, { headers: bearer(issueToken({ secret, expiresIn: '1h' }, id)) })).status;

    const server = await serve(project.dir);
    try {
      assert.is(await me(server.url, fromFile), 200, 'a token signed with the .env secret is accepted');
      assert.is(await me(server.url, fromEnv), 401);
    } finally {
      await server.stop();
    }
    const overridden = await serve(project.dir, [], { JWT_SECRET: fromEnv });
    try {
      assert.is(await me(overridden.url, fromEnv), 200, 'the real environment wins');
      assert.is(await me(overridden.url, fromFile), 401, 'over .env');
    } finally {
      await overridden.stop();
    }
  } finally {
    await project.cleanup();
  }
});

env('projectEnv(dir, env) should layer .env under env; a missing .env is none', async () => {
  const tmp = await tempDir();
  try {
    assert.equal(await projectEnv(tmp.path, { A: 'real' }), { A: 'real' });
    await writeFile(join(tmp.path, '.env'), '# a comment\nA=from-file\nB="quoted value"\nexport C=3\nD="two\nlines"\n');
    const layered = await projectEnv(tmp.path, { A: 'real', E: undefined });
    assert.equal(layered, { A: 'real', B: 'quoted value', C: '3', D: 'two\nlines' });
  } finally {
    await tmp.cleanup();
  }
});

env('the CLI reads .env too: FOLIO_DATA_DIR from .env moves data/', async () => {
  const project = await initProject();
  try {
    await appendFile(join(project.dir, '.env'), 'FOLIO_DATA_DIR=store\n');
    const created = await folio(['--dir', project.dir, 'user', 'create', '--username', 'ada', '--email', 'ada@example.com', '--password', 'correct-horse']);
    assert.is(created.code, 0, created.stderr);
    assert.ok((await stat(join(project.dir, 'store/users.json'))).isFile(), 'the user went to store/');
    assert.not.ok(await stat(join(project.dir, 'data/users.json')).catch(() => false));
  } finally {
    await project.cleanup();
  }
});

env('when .env has a line that is not NAME=value then the server and the CLI stop naming .env and the line, not its text', async () => {
  const project = await initProject();
  try {
    await appendFile(join(project.dir, '.env'), 'a-secret-pasted-alone\n');
    for (const args of [['serve', '--port', '0'], ['user', 'list']]) {
      const result = await folio(['--dir', project.dir, ...args]);
      assert.is(result.code, 1);
      assert.match(result.stderr, /^folio: \.env: line 7 is not a NAME=value line\n$/);
      assert.not.ok(result.stderr.includes('a-secret-pasted-alone'));
    }
  } finally {
    await project.cleanup();
  }
});

env('when .env cannot be read then the error names it', async () => {
  const project = await initProject();
  try {
    const { rm } = await import('node:fs/promises');
    await rm(join(project.dir, '.env'));
    await mkdir(join(project.dir, '.env')); // a folder: EISDIR, whoever runs the test
    const result = await folio(['--dir', project.dir, 'user', 'list']);
    assert.is(result.code, 1);
    assert.match(result.stderr, /^folio: \.env: cannot be read \(EISDIR\)\n$/);
  } finally {
    await project.cleanup();
  }
});

env.run();

// =============================================================================================

const references = suite('env:NAME values in config/*.yaml');

async function configProject(files: Record<string, string>, envText?: string) {
  const tmp = await tempDir();
  await mkdir(join(tmp.path, 'config'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(tmp.path, 'config', name), text);
  if (envText !== undefined) await writeFile(join(tmp.path, '.env'), envText);
  return tmp;
}

references('should read the variable from .env, or from the real environment, which wins', async () => {
  const tmp = await configProject(
    {
      'users-permissions.yaml': 'jwtSecret: env:SIGNING_KEY\nproviders:\n  github:\n    enabled: false\n    clientSecret: env:GITHUB_CLIENT_SECRET\n',
      'email.yaml': 'transport: smtp\nsmtp:\n  auth: { user: mailer, pass: env:SMTP_PASS }\n',
    },
    'SIGNING_KEY=key-from-dotenv\nGITHUB_CLIENT_SECRET=gh-from-dotenv\nSMTP_PASS=smtp-from-dotenv\n',
  );
  try {
    const fromFile = await loadConfig(tmp.path, { env: await projectEnv(tmp.path, {}) });
    assert.is(fromFile.usersPermissions.jwtSecret, 'key-from-dotenv');
    assert.is(fromFile.usersPermissions.providers.github!.clientSecret, 'gh-from-dotenv');
    assert.equal(fromFile.email.smtp.auth, { user: 'mailer', pass: 'smtp-from-dotenv' });
    const fromEnv = await loadConfig(tmp.path, { env: await projectEnv(tmp.path, { SMTP_PASS: 'smtp-from-env' }) });
    assert.equal(fromEnv.email.smtp.auth, { user: 'mailer', pass: 'smtp-from-env' });
  } finally {
    await tmp.cleanup();
  }
});

references('when the variable is not set then loading fails naming the file, the key and the variable', async () => {
  const tmp = await configProject({ 'email.yaml': 'smtp:\n  auth: { user: mailer, pass: env:SMTP_PASS }\n' });
  try {
    const error = await expectError(loadConfig(tmp.path, { env: {} }), ProjectFileError);
    assert.is(error.message, 'config/email.yaml: smtp.auth.pass reads env:SMTP_PASS, but the environment variable SMTP_PASS is not set (in .env or the environment)');
  } finally {
    await tmp.cleanup();
  }
});

references('when the value read does not fit the setting then the message says which variable it came from', async () => {
  const tmp = await configProject({ 'server.yaml': 'url: env:SITE_URL\n' });
  try {
    const error = await expectError(loadConfig(tmp.path, { env: { SITE_URL: 'ftp://files.example' } }), ProjectFileError);
    assert.is(error.message, 'config/server.yaml: url must be an http(s) URL, got "ftp://files.example" (the value of env:SITE_URL)');
    assert.is((await loadConfig(tmp.path, { env: { SITE_URL: 'https://cms.example/' } })).server.url, 'https://cms.example');
  } finally {
    await tmp.cleanup();
  }
});

references('folio config get prints env:NAME as written, folio serve reads it, and fails without it', async () => {
  const project = await initProject();
  try {
    const set = await folio(['--dir', project.dir, 'config', 'set', 'email.smtp.auth', '{ user: mailer, pass: env:SMTP_PASS }']);
    assert.is(set.code, 0, set.stderr);
    assert.is(set.stderr, '', 'no warning: the file holds no secret');
    assert.is((await stat(join(project.dir, 'config/email.yaml'))).mode & 0o077, (await stat(join(project.dir, 'config/server.yaml'))).mode & 0o077, 'shared like the other config files');
    const got = await folio(['--dir', project.dir, 'config', 'get', 'email.smtp.auth.pass']);
    assert.is(got.stdout, 'env:SMTP_PASS\n');

    const missing = await folio(['--dir', project.dir, 'serve', '--port', '0']);
    assert.is(missing.code, 1);
    assert.is(missing.stderr, 'folio: config/email.yaml: smtp.auth.pass reads env:SMTP_PASS, but the environment variable SMTP_PASS is not set (in .env or the environment)\n');

    await appendFile(join(project.dir, '.env'), 'SMTP_PASS=smtp-password-in-dotenv\n');
    const server = await serve(project.dir);
    assert.is(await server.stop(), 0);
    assert.not.ok(server.stderr().includes('smtp-password-in-dotenv'));
    assert.not.match(server.stderr(), /holds a secret/);
  } finally {
    await project.cleanup();
  }
});

references.run();

// =============================================================================================

const warning = suite('a secret left in config/');

warning('should keep working, and be logged once at start by file and key, never by value', async () => {
  const jwtSecret = 'literal-jwt-secret-left-in-config-0123456789';
  const clientSecret = 'literal-client-secret-in-config';
  const smtpPass = 'literal-smtp-pass-in-config';
  const api = await apiServer({
    config: {
      'users-permissions': { ...NO_RATE_LIMIT, jwtSecret, providers: { github: { enabled: false, clientSecret } } },
      email: { smtp: { auth: { user: 'mailer', pass: smtpPass } } },
    },
  });
  try {
    assert.is(api.project.tokens.secret, jwtSecret, 'the secret in config/ still signs tokens');
    const lines = (pattern: RegExp) => api.log.filter((line) => pattern.test(line)).map((line) => line.trimEnd());
    assert.equal(lines(/jwtSecret holds a secret/).map((line) => line.replace(/^\S+ /, '')), [
      'warn config/users-permissions.yaml: jwtSecret holds a secret in a versioned file; move it to .env as JWT_SECRET',
    ]);
    assert.equal(lines(/clientSecret holds a secret/).map((line) => line.replace(/^\S+ /, '')), [
      'warn config/users-permissions.yaml: providers.github.clientSecret holds a secret in a versioned file; move it to .env as GITHUB_CLIENT_SECRET and write clientSecret: env:GITHUB_CLIENT_SECRET',
    ]);
    assert.equal(lines(/smtp\.auth\.pass holds a secret/).map((line) => line.replace(/^\S+ /, '')), [
      'warn config/email.yaml: smtp.auth.pass holds a secret in a versioned file; move it to .env as SMTP_PASS and write pass: env:SMTP_PASS',
    ]);
    await api.get('/api/articles');
    for (const line of api.log) for (const secret of [jwtSecret, clientSecret, smtpPass]) assert.not.ok(line.includes(secret), `a log line holds a secret: ${line}`);
    assert.is(lines(/holds a secret/).length, 3, 'once each, at start');
  } finally {
    await api.close();
  }
});

warning('folio serve warns once on stderr; folio config set warns when it writes one, and keeps that file owner-only', async () => {
  const project = await initProject();
  try {
    const secret = 'a-literal-secret-typed-on-the-command-line-42';
    const set = await folio(['--dir', project.dir, 'config', 'set', 'users-permissions.jwtSecret', secret]);
    assert.is(set.code, 0, set.stderr);
    assert.is(set.stderr, 'warning: config/users-permissions.yaml: jwtSecret holds a secret in a versioned file; move it to .env as JWT_SECRET\n');
    assert.is(set.stdout, 'Set users-permissions.jwtSecret = "[hidden]" in config/users-permissions.yaml. Restart `folio serve` for it to take effect.\n', 'the secret is not printed back');
    assert.is((await stat(join(project.dir, 'config/users-permissions.yaml'))).mode & 0o077, 0);

    const server = await serve(project.dir);
    assert.is(await server.stop(), 0);
    const warnings = server.stderr().split('\n').filter((line) => line.includes('holds a secret'));
    assert.is(warnings.length, 1, server.stderr());
    assert.match(warnings[0]!, /warn config\/users-permissions\.yaml: jwtSecret holds a secret in a versioned file; move it to \.env as JWT_SECRET$/);
    assert.not.ok(server.stderr().includes(secret));

    const listed = await folio(['--dir', project.dir, 'user', 'list']);
    assert.is(listed.stderr, '', 'the CLI does not repeat the server\'s warning');
  } finally {
    await project.cleanup();
  }
});

warning.run();
