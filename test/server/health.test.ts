// store: files (makes the files store fail as a full disk does); its PostgreSQL side is in test/project/postgres-project.test.ts and test/storage/postgres.test.ts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { messages } from '../../src/messages.js';
import { failingFs } from '../_helpers/failing-fs.js';
import { apiServer, NO_RATE_LIMIT, type ApiServer } from '../_helpers/server.js';

const article = { data: { title: 'Kept through a full disk' } };

/** Every file under `dir` whose name ends in `.tmp` (what an interrupted write leaves). */
async function tempFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((name) => name.endsWith('.tmp'));
}

/** Polls /_health until it answers `status` (a probe runs at most once a second), or gives up after 5 s. */
async function healthBecomes(api: ApiServer, status: number): Promise<number> {
  let last = 0;
  for (let i = 0; i < 50; i++) {
    last = (await api.get('/_health')).status;
    if (last === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return last;
}

const serving = suite('GET /_health while serving');
let api: ApiServer;
serving.before(async () => {
  api = await apiServer({ config: { 'users-permissions': { ratelimit: { enabled: true, max: 2, interval: 60_000 } } } });
});
serving.after(() => api.close());

serving('should answer 204 with no body, to GET and HEAD, without a token', async () => {
  const got = await api.send('GET', '/_health');
  assert.is(got.status, 204);
  assert.is(got.text, '');
  assert.is(got.headers.get('cache-control'), 'no-store');
  assert.is((await api.send('HEAD', '/_health')).status, 204);
});

serving('should answer 204 to a request with a token that is not valid: a balancer sends none, and no check applies', async () => {
  assert.is((await api.get('/_health', { authorization: 'Bearer not-a-token' })).status, 204);
});

serving('should never be rate limited', async () => {
  const statuses = await Promise.all(Array.from({ length: 30 }, () => api.get('/_health').then((got) => got.status)));
  assert.equal([...new Set(statuses)], [204]);
  // The limit itself is on: the login route refuses its third try.
  const login = () => api.post('/api/auth/local', { identifier: 'nobody@example.com', password: 'wrong-password' });
  await login();
  await login();
  assert.is((await login()).status, 429);
});

serving('should answer another method with 405 and Allow: GET, HEAD', async () => {
  const got = await api.send('POST', '/_health', '{}', { 'content-type': 'application/json' });
  assert.is(got.status, 405);
  assert.is(got.headers.get('allow'), 'GET, HEAD');
  assert.is(got.body.error.name, 'MethodNotAllowedError');
});

serving('should not be logged at the default level', async () => {
  await api.get('/_health');
  await api.get('/api/articles');
  assert.ok(api.log.some((line) => line.includes('GET /api/articles ')), 'requests are logged');
  assert.not.ok(api.log.some((line) => line.includes('/_health')), 'the health checks are not');
});

serving.run();

// ---------------------------------------------------------------------------------------------

const debug = suite('GET /_health with server.logger.level debug');

debug('should be logged, at the debug level', async () => {
  const server = await apiServer({ config: { server: { logger: { level: 'debug', format: 'text', requests: true } } } });
  try {
    await server.get('/_health');
    assert.ok(server.log.some((line) => / debug GET \/_health 204 /.test(line)), server.log.join(''));
  } finally {
    await server.close();
  }
});

debug.run();

// ---------------------------------------------------------------------------------------------

const storage = suite('GET /_health while the store cannot be written');

storage('when the disk is full then writes answer 507, reads go on, health answers 503, and both recover on their own', async () => {
  const disk = failingFs();
  const server = await apiServer({ fs: disk.fs, config: { 'users-permissions': NO_RATE_LIMIT } });
  try {
    const kept = await server.post('/api/articles', article);
    assert.is(kept.status, 200);
    disk.fail('ENOSPC');

    for (const attempt of [
      () => server.post('/api/articles', { data: { title: 'Not saved' } }),
      () => server.put(`/api/articles/${kept.body.data.documentId}`, { data: { title: 'Not saved either' } }),
      () => server.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse-1' }),
    ]) {
      const refused = await attempt();
      assert.is(refused.status, 507);
      assert.equal(refused.body, { data: null, error: { status: 507, name: 'InsufficientStorageError', message: messages.storageFull, details: {} } });
    }
    const list = await server.get('/api/articles');
    assert.is(list.status, 200, 'reads are served');
    assert.equal(list.body.data.map((doc: { title: string }) => doc.title), ['Kept through a full disk']);

    const health = await server.get('/_health');
    assert.is(health.status, 503);
    assert.equal(health.body.error, { status: 503, name: 'ServiceUnavailableError', message: messages.storageFull, details: {} });

    const storageLines = server.log.filter((line) => line.includes('storage:'));
    assert.is(storageLines.length, 1, `the cause is logged once, not once a request: ${storageLines.join('')}`);
    assert.match(storageLines[0]!, /error storage: a write was refused: The storage is full.*\(ENOSPC\)/);
    assert.not.ok(server.log.some((line) => line.includes(server.dir)), 'no path in the log');

    disk.fail(undefined);
    assert.is(await healthBecomes(server, 204), 204, 'health recovers without a write');
    const after = await server.post('/api/articles', { data: { title: 'Saved after' } });
    assert.is(after.status, 200, 'writes resume without a restart');
    const again = await server.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse-1' });
    assert.is(again.status, 200, 'the refused registration left nothing behind: the same account can register now');
    assert.is((await server.get('/api/articles')).body.data.length, 2);
    assert.equal(await tempFiles(join(server.dir, 'data')), [], 'no temp file is left behind');
    assert.ok(server.log.some((line) => line.includes('storage: writes succeed again')));
  } finally {
    await server.close();
  }
});

storage('when the disk is full then a GraphQL write answers 507 with the cause in its errors, and a GraphQL read still answers', async () => {
  const disk = failingFs();
  const server = await apiServer({ fs: disk.fs });
  try {
    disk.fail('ENOSPC');
    const refused = await server.post('/graphql', { query: 'mutation { createArticle(data: { title: "Not saved" }) { documentId } }' });
    assert.is(refused.status, 507);
    assert.equal(refused.body.errors.map((error: { message: string; extensions: { code: string } }) => [error.message, error.extensions.code]), [[messages.storageFull, 'STRAPI_INSUFFICIENT_STORAGE_ERROR']]);
    assert.equal(refused.body.data, { createArticle: null });
    const read = await server.post('/graphql', { query: '{ articles { title } }' });
    assert.equal([read.status, read.body.data], [200, { articles: [] }], 'nothing was written, and reads are served');
  } finally {
    await server.close();
  }
});

storage('when the disk is read-only then the 507 says so', async () => {
  const disk = failingFs();
  const server = await apiServer({ fs: disk.fs });
  try {
    disk.fail('EROFS');
    const refused = await server.post('/api/articles', article);
    assert.is(refused.status, 507);
    assert.is(refused.body.error.message, messages.storageReadOnly);
    assert.is((await server.get('/_health')).body.error.message, messages.storageReadOnly);
    disk.fail(undefined);
    assert.is(await healthBecomes(server, 204), 204);
  } finally {
    await server.close();
  }
});

storage.run();

// ---------------------------------------------------------------------------------------------

const draining = suite('GET /_health while shutting down');

/** Sends raw bytes on a new connection and answers the socket and a promise of everything it receives. */
function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const ended = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  /** What has arrived once an answer's head has (and a little more for its body), or after 5 s. */
  const answer = async (): Promise<string> => {
    for (let i = 0; i < 100 && !received.includes('\r\n\r\n'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 50));
    return received;
  };
  return { socket, ended, answer };
}

draining('when the server drains after SIGTERM then a health check on an open connection answers 503', async () => {
  const server = await apiServer();
  const slow = rawConnection(server.url);
  const check = rawConnection(server.url);
  try {
    // A write still in flight keeps the server draining: its body has not all arrived yet.
    const body = JSON.stringify(article);
    slow.socket.write(`POST /api/articles HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
    // A balancer's check has begun on another connection.
    check.socket.write('GET /_health HTTP/1.1\r\nHost: x\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));

    const stopped = server.stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    check.socket.write('\r\n');
    const answer = await check.answer();
    assert.match(answer, /^HTTP\/1\.1 503 /);
    assert.match(answer, /connection: close/i);
    assert.ok(answer.includes(messages.shuttingDown), answer);

    slow.socket.write(body.slice(5));
    assert.match(await slow.ended, /^HTTP\/1\.1 200 /, 'the write in flight is finished and acknowledged');
    await stopped;
  } finally {
    slow.socket.destroy();
    check.socket.destroy();
    await server.close();
  }
});

draining.run();
