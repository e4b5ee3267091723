import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer } from 'node:http';
import { openProject } from '../../src/project/index.js';
import { createApp } from '../../src/server/index.js';
import { bearer, listenLocal, request } from '../_helpers/index.js';
import { apiServer, NO_RATE_LIMIT, serve, testProject, type ApiServer } from '../_helpers/server.js';

const TEXT_LINE = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z) (info|error|debug) (\S+) (\S+) (\d{3}) (\d+(?:\.\d)?)ms (\d+)B (\S+)/;

/** Waits until the request log holds a line matching `pattern` (the middleware logs once the answer is sent). */
async function lineFor(lines: () => string[], pattern: RegExp): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const found = lines().find((line) => pattern.test(line));
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no log line matches ${pattern}; lines:\n${lines().join('')}`);
}

const text = suite('request log, text format (the default)');
let api: ApiServer;
text.before(async () => {
  api = await apiServer({ config: { 'users-permissions': NO_RATE_LIMIT } });
});
text.after(() => api.close());

text('should write one line per answered request on stdout: time, method, path, status, duration, bytes, address', async () => {
  const got = await api.get('/api/articles?locale=en');
  const line = await lineFor(() => api.stdout, / GET \/api\/articles\?locale=en /);
  const [, time, level, method, path, status, , bytes, ip] = TEXT_LINE.exec(line) ?? [];
  assert.ok(time && Math.abs(Date.parse(time) - Date.now()) < 60_000, line);
  assert.equal([level, method, path, status, ip], ['info', 'GET', '/api/articles?locale=en', '200', '127.0.0.1']);
  assert.is(Number(bytes), Buffer.byteLength(got.text));
  assert.is(api.stdout.filter((each) => each.includes('/api/articles?locale=en')).length, 1, 'one line');
});

text('should log client errors as info lines with their status', async () => {
  await api.get('/api/nothing-here');
  assert.match(await lineFor(() => api.stdout, /\/api\/nothing-here/), / info GET \/api\/nothing-here 404 /);
});

text('should redact query values that carry secrets and never log headers or bodies', async () => {
  const password = 'correct-horse-battery-1';
  const registered = await api.post('/api/auth/local/register', { username: 'grace', email: 'grace@example.com', password });
  assert.is(registered.status, 200);
  const jwt = registered.body.jwt as string;
  await api.get('/api/users/me', { ...bearer(jwt), cookie: 'strapi_up_refresh=cookie-secret-value' });
  await api.get('/api/auth/email-confirmation?confirmation=confirm-secret-value');
  await api.get('/api/connect/github/callback?code=oauth-code-value&state=xyz');
  await api.get('/api/auth/local/callback?access_token=access-secret-value&id_token=id-secret-value');
  await api.get('/api/articles?filters[title][$eq]=visible-value&token=token-secret-value&refreshToken=refresh-secret-value&password=pw-secret-value');
  // However the key is spelled, when the server decodes it to a secret's name.
  await api.get('/api/auth/email-confirmation?%63onfirmation=xyzzy-one');
  await api.get('/api/auth/email-confirmation?CONFIRMATION=xyzzy-two&confirmation%5B0%5D=xyzzy-three');
  await api.get('/api/articles?filters[password][$eq]=xyzzy-four&filters%5Btitle%5D=also-visible');
  await lineFor(() => api.stdout, /also-visible/);
  await lineFor(() => api.stdout, /visible-value/);

  const joined = api.log.join('');
  for (const secret of [password, jwt, 'cookie-secret-value', 'confirm-secret-value', 'oauth-code-value', 'access-secret-value', 'id-secret-value', 'token-secret-value', 'refresh-secret-value', 'pw-secret-value', 'xyzzy-one', 'xyzzy-two', 'xyzzy-three', 'xyzzy-four']) {
    assert.not.ok(joined.includes(secret), `the log holds ${secret}`);
  }
  assert.ok(joined.includes('/api/auth/email-confirmation?confirmation=[redacted] '));
  assert.ok(joined.includes('/api/connect/github/callback?code=[redacted]&state=xyz '));
  assert.ok(joined.includes('filters[title][$eq]=visible-value&token=[redacted]&refreshToken=[redacted]&password=[redacted] '), 'other values are kept');
  assert.ok(joined.includes('/api/auth/email-confirmation?%63onfirmation=[redacted] '), 'the key as sent, its value redacted');
  assert.ok(joined.includes('filters[password][$eq]=[redacted]&filters%5Btitle%5D=also-visible '));
});

text('should show the address the connection came from, not X-Forwarded-For, when server.proxy is off', async () => {
  await api.get('/api/articles?who=direct', { 'x-forwarded-for': '203.0.113.7' });
  assert.match(await lineFor(() => api.stdout, /who=direct/), / 127\.0\.0\.1$/m);
});

text.run();

// ---------------------------------------------------------------------------------------------

const settings = suite('request log settings (server.logger, server.proxy)');

settings('with format json, each line should be one JSON object with the same fields', async () => {
  const server = await apiServer({ config: { server: { logger: { format: 'json' } } } });
  try {
    await server.get('/api/articles?locale=fr');
    const line = JSON.parse(await lineFor(() => server.stdout, /locale=fr/));
    assert.equal(Object.keys(line), ['time', 'level', 'method', 'path', 'status', 'durationMs', 'bytes', 'ip']);
    assert.equal({ ...line, time: undefined, durationMs: undefined, bytes: undefined }, {
      time: undefined, level: 'info', method: 'GET', path: '/api/articles?locale=fr', status: 200, durationMs: undefined, bytes: undefined, ip: '127.0.0.1',
    });
    assert.type(line.durationMs, 'number');
    assert.ok(line.bytes > 0);
    // Events are JSON lines too, on stderr.
    server.project.log.warn('an event');
    const event = JSON.parse(server.log.at(-1)!);
    assert.equal({ ...event, time: undefined }, { time: undefined, level: 'warn', message: 'an event' });
  } finally {
    await server.close();
  }
});

settings('with proxy on, the address should be the client X-Forwarded-For names', async () => {
  const server = await apiServer({ config: { server: { proxy: true } } });
  try {
    await server.get('/api/articles?who=proxied', { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' });
    assert.match(await lineFor(() => server.stdout, /who=proxied/), / 203\.0\.113\.7$/m);
  } finally {
    await server.close();
  }
});

settings('with requests off, or at level warn, no request line should be written; silent should write nothing', async () => {
  for (const logger of [{ requests: false }, { level: 'warn' }, { level: 'silent' }]) {
    const server = await apiServer({ config: { server: { logger } } });
    try {
      await server.get('/api/articles');
      await server.get('/api/nothing-here');
      server.project.log.info('an event');
      server.project.log.warn('a warning');
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(server.stdout, [], JSON.stringify(logger));
      if (logger.level === 'silent') assert.equal(server.log, [], 'silent');
      const mine = server.log.filter((line) => / (an event|a warning)\n$/.test(line)).map((line) => line.split(' ').slice(1).join(' '));
      if (logger.level === 'warn') assert.equal(mine, ['warn a warning\n']);
    } finally {
      await server.close();
    }
  }
});

settings('should refuse a level or format it does not know, naming the key', async () => {
  const project = await testProject({ config: { server: { logger: { level: 'verbose' } } } });
  try {
    const opened = await openProject(project.dir).then(() => undefined, (error: Error) => error.message);
    assert.match(opened ?? 'it opened', /config\/server\.yaml: logger\.level must be one of "debug", "info", "warn", "error", "silent"/);
  } finally {
    await project.cleanup();
  }
});

settings.run();

// ---------------------------------------------------------------------------------------------

const failures = suite('request log of server errors');

/** The sample project's app with one route that fails the way a bug would. */
async function failingApp(logger: Record<string, unknown>) {
  const project = await testProject({ config: { server: { logger } } });
  const lines: string[] = [];
  const opened = await openProject(project.dir, { logLines: (line) => lines.push(line) });
  const app = createApp(opened);
  app.use((ctx) => {
    if (ctx.path === '/boom') throw new Error('the cause of the failure');
  });
  const server = createServer(app.callback());
  const base = `http://127.0.0.1:${await listenLocal(server)}`;
  return {
    base,
    lines,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await project.cleanup();
    },
  };
}

failures('a 5xx should be logged once, as an error line of its request with its cause', async () => {
  const app = await failingApp({});
  try {
    assert.is((await request(`${app.base}/boom?x=1`)).status, 500);
    const line = await lineFor(() => app.lines, /\/boom/);
    assert.match(line, / error GET \/boom\?x=1 500 \S+ms \d+B 127\.0\.0\.1: Error: the cause of the failure\n\s+at /);
    assert.is(app.lines.filter((each) => each.includes('the cause of the failure')).length, 1);
  } finally {
    await app.close();
  }
});

failures('with requests off, a 5xx should still be logged', async () => {
  const app = await failingApp({ requests: false, format: 'json' });
  try {
    await request(`${app.base}/api/articles`);
    await request(`${app.base}/boom`);
    const line = JSON.parse(await lineFor(() => app.lines, /\/boom/));
    assert.is(line.level, 'error');
    assert.is(line.status, 500);
    assert.match(line.error, /^Error: the cause of the failure\n/);
    assert.not.ok(app.lines.some((each) => each.includes('/api/articles')), 'other requests are not logged');
  } finally {
    await app.close();
  }
});

failures.run();

// ---------------------------------------------------------------------------------------------

const process_ = suite('request log of `folio serve`');

process_('should write the lines on stdout after the ready line, and write them all before exiting on SIGTERM', async () => {
  const project = await testProject({ config: { server: { logger: { format: 'json' } } } });
  const server = await serve(project.dir);
  try {
    for (let i = 0; i < 20; i++) await request(`${server.url}/api/articles?n=${i}`);
    assert.is(await server.stop(), 0);
    const lines = server.stdout().map((line) => JSON.parse(line) as { path: string; status: number });
    assert.equal(lines.map((line) => line.path), Array.from({ length: 20 }, (_, i) => `/api/articles?n=${i}`));
    assert.ok(lines.every((line) => line.status === 200));
    assert.not.ok(server.stderr().includes('/api/articles?n='), 'request lines are not on stderr');
  } finally {
    await server.stop('SIGKILL');
    await project.cleanup();
  }
});

process_('should keep serving when the reader of its stdout goes away, and say so once on stderr', async () => {
  const project = await testProject();
  const server = await serve(project.dir);
  try {
    server.child.stdout!.destroy(); // a log shipper that stopped, `folio serve | head -1`
    for (let i = 0; i < 5; i++) {
      assert.is((await request(`${server.url}/api/articles?n=${i}`)).status, 200);
      await new Promise((resolve) => setTimeout(resolve, 80)); // past a batch's delay: each is written, and fails
    }
    assert.is(server.child.exitCode, null, `the server exited: ${server.stderr()}`);
    assert.is(server.stderr().match(/stdout is closed \(EPIPE\): request lines are no longer written/g)?.length, 1, server.stderr());
    assert.is(await server.stop(), 0);
  } finally {
    await server.stop('SIGKILL');
    await project.cleanup();
  }
});

process_.run();
