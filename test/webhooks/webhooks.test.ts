/**
 * Webhooks, against a real receiver on 127.0.0.1 and a real `folio serve`: every event with
 * Strapi's body, the configured headers, the signature, retries until a failing receiver
 * recovers, a 4xx taken as final, pending deliveries surviving a SIGKILL, one delivery per event,
 * in order per document; and the CLI refusing bad input and never printing a secret.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHmac } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { PROJECT_GITIGNORE } from '../../src/project/index.js';
import { eventually, folio, listenLocal, request } from '../_helpers/index.js';
import { serve, testProject, type ServeProcess } from '../_helpers/server.js';

const NOTE = `kind: collectionType
info: { singularName: note, pluralName: notes, displayName: Note }
options: { draftAndPublish: true }
pluginOptions: { i18n: { localized: true } }
attributes:
  title: { type: string, pluginOptions: { i18n: { localized: true } } }
  internal: { type: string, private: true }
  pin: { type: password }
`;
const SECRET = 'a-long-shared-secret';

interface Received {
  headers: IncomingHttpHeaders;
  body: any;
  raw: string;
}

/** A receiver that records every POST and answers what `answer` says (200 by default). */
async function receiver(answer: (count: number) => number = () => 200): Promise<{ url: string; received: Received[]; close(): Promise<void>; server: Server }> {
  const received: Received[] = [];
  let count = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const status = answer(++count);
      if (status >= 200 && status < 300) received.push({ headers: req.headers, body: JSON.parse(raw), raw });
      res.writeHead(status).end();
    });
  });
  const port = await listenLocal(server);
  return { url: `http://127.0.0.1:${port}/hook`, received, server, close: () => new Promise((done) => server.close(() => done())) };
}

async function project(retryDelays = [1, 1, 1]) {
  return testProject({
    files: { 'content-types/note.yaml': NOTE },
    publicActions: ['find', 'findOne', 'create', 'update', 'delete', 'publish', 'unpublish'].map((action) => `api::note.note.${action}`).concat('plugin::upload.content-api.upload', 'plugin::upload.content-api.destroy'),
    // The receivers are on 127.0.0.1, which webhooks may reach only when allowed.
    config: { server: { host: '127.0.0.1', port: 1337, webhooks: { timeout: 2, retryDelays, allowPrivateAddresses: true } } },
  });
}

async function createWebhook(dir: string, url: string, events: string, extra: string[] = []): Promise<void> {
  const created = await folio(['webhook', 'create', 'site', '--url', url, '--events', events, '--dir', dir, ...extra]);
  assert.is(created.code, 0, created.stderr);
}

const test = suite('webhooks');

test('every event should arrive once, with Strapi\'s body, the configured headers and a signature that verifies', async () => {
  const sink = await receiver();
  const site = await project();
  let server: ServeProcess | undefined;
  try {
    const events = 'entry.create,entry.update,entry.delete,entry.publish,entry.unpublish,media.create,media.update,media.delete';
    await createWebhook(site.dir, sink.url, events, ['--header', 'Authorization: Bearer hook-token', '--secret', SECRET]);
    server = await serve(site.dir);
    const api = (path: string, init: { method?: string; body?: unknown } = {}) => request(`${server!.url}${path}`, init);

    const created = await api('/api/notes', { method: 'POST', body: { data: { title: 'One', internal: 'hidden', pin: 'secret-pin-1' } } });
    assert.is(created.status, 200, created.text);
    const id = created.body.data.documentId;
    assert.is((await api(`/api/notes/${id}?status=published`, { method: 'PUT', body: { data: { title: 'Two' } } })).status, 200);
    assert.is((await api(`/api/notes/${id}/actions/unpublish`, { method: 'POST' })).status, 200);
    assert.is((await api(`/api/notes/${id}/actions/publish`, { method: 'POST' })).status, 200);
    assert.is((await api(`/api/notes/${id}`, { method: 'DELETE' })).status, 204);
    const form = new FormData();
    form.append('files', new Blob(['plain words'], { type: 'text/plain' }), 'notes.txt');
    const uploaded = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form });
    assert.is(uploaded.status, 201);
    const fileId = ((await uploaded.json()) as Array<{ id: number }>)[0]!.id;
    const renamed = new FormData();
    renamed.append('fileInfo', JSON.stringify({ name: 'renamed.txt' }));
    assert.is((await fetch(`${server.url}/api/upload?id=${fileId}`, { method: 'POST', body: renamed })).status, 200);
    assert.is((await fetch(`${server.url}/api/upload/files/${fileId}`, { method: 'DELETE' })).status, 200);

    // The REST API publishes what it creates unless asked for a draft, as Strapi 5's does.
    const expected = ['entry.create', 'entry.publish', 'entry.update', 'entry.publish', 'entry.unpublish', 'entry.publish', 'entry.delete', 'media.create', 'media.update', 'media.delete'];
    await eventually(async () => sink.received.length >= expected.length, 'every delivery');
    await new Promise((done) => setTimeout(done, 1500)); // nothing more comes: no duplicate
    // In order per document (the note, the file); the two may interleave.
    const entries = sink.received.filter((delivery) => delivery.body.event.startsWith('entry.'));
    const media = sink.received.filter((delivery) => delivery.body.event.startsWith('media.'));
    assert.equal([...entries, ...media].map((delivery) => delivery.body.event), expected);
    const ids = sink.received.map((delivery) => delivery.headers['x-folio-delivery']);
    assert.is(new Set(ids).size, expected.length, 'one delivery id each');

    const [create, , update, publish, unpublish] = entries;
    assert.equal(Object.keys(create!.body), ['event', 'createdAt', 'model', 'uid', 'entry']);
    assert.equal([create!.body.model, create!.body.uid], ['note', 'api::note.note']);
    assert.is(create!.body.entry.title, 'One');
    assert.is(create!.body.entry.documentId, id);
    assert.is(create!.body.entry.locale, 'en', 'the entry has its locale');
    assert.not.ok('internal' in create!.body.entry, 'no private attribute');
    assert.not.ok('pin' in create!.body.entry, 'no password attribute');
    assert.not.match(create!.raw, /hidden|secret-pin|scrypt/);
    assert.is(update!.body.entry.title, 'Two');
    assert.type(publish!.body.entry.publishedAt, 'string');
    assert.is(unpublish!.body.entry.title, 'Two', 'entry.unpublish carries the version that went');
    assert.type(unpublish!.body.entry.publishedAt, 'string');
    assert.equal(Object.keys(media[0]!.body), ['event', 'createdAt', 'media']);
    assert.is(media[1]!.body.media.name, 'renamed.txt');

    for (const delivery of sink.received) {
      assert.is(delivery.headers['content-type'], 'application/json');
      assert.is(delivery.headers.authorization, 'Bearer hook-token');
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['x-folio-signature']));
      assert.ok(match, 'signed');
      assert.is(match![2], createHmac('sha256', SECRET).update(`${match![1]}.${delivery.raw}`).digest('hex'));
    }
    assert.not.match(server.stderr() + server.stdout().join(''), /hook-token|a-long-shared-secret/, 'never logged');
  } finally {
    await server?.stop();
    await sink.close();
    await site.cleanup();
  }
});

test('a receiver that fails should get the delivery again until it takes it; a 4xx other than 429 is final', async () => {
  const flaky = await receiver((count) => (count <= 2 ? 503 : 200));
  const site = await project();
  let server: ServeProcess | undefined;
  try {
    await createWebhook(site.dir, flaky.url, 'entry.create');
    server = await serve(site.dir);
    assert.is((await request(`${server.url}/api/notes`, { method: 'POST', body: { data: { title: 'Retry me' } } })).status, 200);
    await eventually(async () => flaky.received.length === 1, 'the delivery after two 503s');
    const shown = JSON.parse((await folio(['webhook', 'deliveries', 'site', '--json', '--dir', site.dir])).stdout) as Array<{ status: string; attempts: number; lastStatus: number }>;
    assert.equal(shown.map((row) => [row.status, row.attempts, row.lastStatus]), [['delivered', 3, 200]]);

    const refusing = await receiver(() => 400);
    assert.is((await folio(['webhook', 'delete', 'site', '--dir', site.dir])).code, 0);
    await createWebhook(site.dir, refusing.url, 'entry.create');
    await new Promise((done) => setTimeout(done, 300)); // the server reads the new webhook
    assert.is((await request(`${server.url}/api/notes`, { method: 'POST', body: { data: { title: 'Refused' } } })).status, 200);
    await eventually(async () => {
      const rows = JSON.parse((await folio(['webhook', 'deliveries', 'site', '--json', '--dir', site.dir])).stdout) as Array<{ status: string }>;
      return rows[0]?.status === 'failed';
    }, 'the 400 taken as final');
    const [failed] = JSON.parse((await folio(['webhook', 'deliveries', 'site', '--json', '--dir', site.dir])).stdout) as Array<{ attempts: number; lastStatus: number }>;
    assert.equal([failed!.attempts, failed!.lastStatus], [1, 400]);
    await refusing.close();
  } finally {
    await server?.stop();
    await flaky.close();
    await site.cleanup();
  }
});

test('deliveries pending when the server is killed should arrive after it restarts, in order per document', async () => {
  const sink = await receiver();
  const port = Number(new URL(sink.url).port);
  await sink.close(); // nobody answers yet: every delivery waits
  const site = await project([1, 1, 1, 1, 1, 1, 1, 1]);
  let server: ServeProcess | undefined;
  let back: Awaited<ReturnType<typeof receiver>> | undefined;
  try {
    await createWebhook(site.dir, sink.url, 'entry.create,entry.update');
    server = await serve(site.dir);
    const created = await request(`${server.url}/api/notes`, { method: 'POST', body: { data: { title: 'v0' } } });
    const id = created.body.data.documentId;
    for (let version = 1; version <= 4; version++) {
      assert.is((await request(`${server.url}/api/notes/${id}`, { method: 'PUT', body: { data: { title: `v${version}` } } })).status, 200);
    }
    assert.is(await server.stop('SIGKILL'), 'SIGKILL' as unknown as number);
    if (!process.env.FOLIO_TEST_DATABASE) {
      const spool = (await readdir(join(site.dir, 'data/deliveries'))).filter((name) => name.endsWith('.json'));
      assert.is(spool.length, 5, 'the five deliveries wait on disk, one file each');
    }

    // The receiver comes back on its port, then the server.
    back = await receiver();
    back.server.close();
    await new Promise<void>((done) => back!.server.listen(port, '127.0.0.1', () => done()));
    server = await serve(site.dir);
    await eventually(async () => back!.received.length >= 5, 'the five deliveries after the restart');
    await new Promise((done) => setTimeout(done, 1500));
    assert.equal(back.received.map((delivery) => delivery.body.entry.title), ['v0', 'v1', 'v2', 'v3', 'v4'], 'each once, in the order written');
    if (!process.env.FOLIO_TEST_DATABASE) {
      await eventually(async () => (await readdir(join(site.dir, 'data/deliveries'))).filter((name) => name.endsWith('.json')).length === 0, 'the spool emptied');
    }
  } finally {
    await server?.stop();
    await back?.close();
    await site.cleanup();
  }
});

test('the CLI should refuse bad input in one line and never print a secret or a header value', async () => {
  const site = await project();
  try {
    const refuse = async (args: string[], message: RegExp) => {
      const result = await folio(['webhook', 'create', 'site', ...args, '--dir', site.dir]);
      assert.is(result.code, 1, args.join(' '));
      assert.match(result.stderr, message);
      assert.is(result.stderr.trim().split('\n').length, 1);
    };
    await refuse(['--url', 'ftp://example.com/x', '--events', 'entry.create'], /--url must be an http:\/\/ or https:\/\/ URL, got a ftp: URL/);
    await refuse(['--url', 'not a url', '--events', 'entry.create'], /--url must be an http:\/\/ or https:\/\/ URL/);
    await refuse(['--url', 'http://127.0.0.1/x', '--events', 'entry.creat'], /"entry\.creat" is not an event; did you mean "entry\.create"\?/);
    await refuse(['--url', 'http://127.0.0.1/x', '--events', 'entry.create', '--header', 'Bearer sup3r-secret'], /--header number 1 has no colon: write it as 'Name: value'/);
    const leaked = await folio(['webhook', 'create', 'site', '--url', 'http://127.0.0.1/x', '--events', 'entry.create', '--header', 'Bearer sup3r-secret', '--dir', site.dir]);
    assert.not.match(leaked.stderr, /sup3r/, 'a refused header value is not repeated');

    await createWebhook(site.dir, 'http://user:url-password@127.0.0.1:9/x', 'entry.create', ['--header', 'X-Token: header-value-1', '--secret', SECRET]);
    for (const args of [['webhook', 'list'], ['webhook', 'list', '--json'], ['webhook', 'deliveries', 'site'], ['webhook', 'deliveries', 'site', '--json']]) {
      const shown = await folio([...args, '--dir', site.dir]);
      assert.is(shown.code, 0, shown.stderr);
      assert.not.match(shown.stdout + shown.stderr, /header-value-1|a-long-shared-secret|url-password/, args.join(' '));
    }
    const listed = JSON.parse((await folio(['webhook', 'list', '--json', '--dir', site.dir])).stdout) as Array<{ headers: string[]; signed: boolean }>;
    assert.equal([listed[0]!.headers, listed[0]!.signed], [['X-Token: ***'], true]);
    const duplicate = await folio(['webhook', 'create', 'site', '--url', 'http://127.0.0.1/x', '--events', 'entry.create', '--dir', site.dir]);
    assert.match(duplicate.stderr, /A webhook named "site" exists already/);
    // Secrets, header values and the bodies waiting to be sent stay out of git.
    for (const pattern of ['data/webhooks.json', 'data/deliveries.json', 'data/deliveries/']) assert.ok(PROJECT_GITIGNORE.split('\n').includes(pattern), pattern);
  } finally {
    await site.cleanup();
  }
});

test('with the default setting, a receiver on a loopback, link-local or private address should be refused at create in one line naming the setting', async () => {
  const site = await testProject({ files: { 'content-types/note.yaml': NOTE } });
  try {
    for (const url of ['http://127.0.0.1:9/x', 'http://localhost:3000/x', 'http://[::1]/x', 'http://169.254.169.254/latest', 'http://admin:url-password@192.168.1.1/x']) {
      const refused = await folio(['webhook', 'create', 'site', '--url', url, '--events', 'entry.create', '--dir', site.dir]);
      assert.is(refused.code, 1, url);
      assert.is(refused.stderr.trim().split('\n').length, 1, refused.stderr);
      assert.match(refused.stderr, /a loopback, link-local or private address: webhooks may not reach those unless server\.webhooks\.allowPrivateAddresses is true/, url);
      assert.not.match(refused.stderr, /url-password/);
    }
    assert.equal(JSON.parse((await folio(['webhook', 'list', '--json', '--dir', site.dir])).stdout), []);
    assert.is((await folio(['config', 'set', 'server.webhooks.allowPrivateAddresses', 'true', '--dir', site.dir])).code, 0);
    await createWebhook(site.dir, 'http://127.0.0.1:9/x', 'entry.create');
  } finally {
    await site.cleanup();
  }
});

test('a header value the HTTP client cannot send should be refused at create, naming the header and never its value', async () => {
  const site = await project();
  try {
    for (const value of ['café ☕ token-value-1', 'token-value-1\u0007']) {
      const refused = await folio(['webhook', 'create', 'site', '--url', 'http://127.0.0.1:9/x', '--events', 'entry.create', '--header', `X-Name: ${value}`, '--dir', site.dir]);
      assert.is(refused.code, 1);
      assert.is(refused.stderr.trim().split('\n').length, 1, refused.stderr);
      assert.match(refused.stderr, /--header X-Name has a value a header cannot carry: only tabs and printable Latin-1 characters/);
      assert.not.match(refused.stderr, /token-value|☕/, 'the value is never repeated');
    }
    const bad = await folio(['webhook', 'create', 'site', '--url', 'http://127.0.0.1:9/x', '--events', 'entry.create', '--header', 'X Name: v', '--dir', site.dir]);
    assert.match(bad.stderr, /--header "X Name" is not a header name/);
    assert.equal(JSON.parse((await folio(['webhook', 'list', '--json', '--dir', site.dir])).stdout), []);
    await createWebhook(site.dir, 'http://127.0.0.1:9/x', 'entry.create', ['--header', 'X-Name: café']); // Latin-1 is sent as it is
  } finally {
    await site.cleanup();
  }
});

test('a file added from the CLI should be delivered by the running server', async () => {
  const sink = await receiver();
  const site = await project();
  let server: ServeProcess | undefined;
  try {
    await createWebhook(site.dir, sink.url, 'media.create');
    server = await serve(site.dir);
    await writeFile(join(site.dir, 'notes.txt'), 'plain words');
    const added = await folio(['media', 'add', 'notes.txt', '--dir', site.dir], { cwd: site.dir });
    assert.is(added.code, 0, added.stderr);
    await eventually(async () => sink.received.length === 1, 'the media.create the CLI recorded');
    assert.equal([sink.received[0]!.body.event, sink.received[0]!.body.media.name], ['media.create', 'notes.txt']);
  } finally {
    await server?.stop();
    await sink.close();
    await site.cleanup();
  }
});

test('folio webhook test should send a trigger-test event now and print the receiver\'s answer', async () => {
  const sink = await receiver();
  const site = await project();
  try {
    await createWebhook(site.dir, sink.url, 'entry.create', ['--secret', SECRET]);
    const tested = await folio(['webhook', 'test', 'site', '--dir', site.dir]);
    assert.is(tested.code, 0, tested.stderr);
    assert.is(tested.stdout, 'The receiver answered 200.\n');
    assert.equal(sink.received.map((delivery) => delivery.body.event), ['trigger-test']);
    await sink.close();
    const down = await folio(['webhook', 'test', 'site', '--dir', site.dir]);
    assert.is(down.code, 1);
    assert.match(down.stdout, /^No answer: ECONNREFUSED\.\n$/);
  } finally {
    await site.cleanup();
  }
});

if (process.env.FOLIO_TEST_DATABASE) {
  test('on PostgreSQL, a write and its deliveries should commit together: a write whose delivery cannot be recorded is not made', async () => {
    const sink = await receiver();
    const site = await project();
    let server: ServeProcess | undefined;
    const database = new pg.Client({ connectionString: /DATABASE_URL=(\S+)/.exec(await readFile(join(site.dir, '.env'), 'utf8'))![1] });
    try {
      await createWebhook(site.dir, sink.url, 'entry.create');
      server = await serve(site.dir);
      await database.connect();
      // The database goes away at the very moment the delivery is recorded.
      await database.query(`CREATE FUNCTION refuse_delivery() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'gone' USING ERRCODE = '57P01'; END $$;
        CREATE TRIGGER refuse BEFORE INSERT ON folio_deliveries FOR EACH ROW EXECUTE FUNCTION refuse_delivery()`);
      const refused = await request(`${server.url}/api/notes`, { method: 'POST', body: { data: { title: 'Never made' } } });
      assert.is(refused.status, 503, refused.text);
      assert.equal((await database.query("SELECT count(*)::int AS n FROM folio_documents WHERE type = 'note'")).rows, [{ n: 0 }], 'the document rolled back with its delivery');
      assert.equal((await request(`${server.url}/api/notes`)).body.data, [], 'and is not served');

      await database.query('DROP TRIGGER refuse ON folio_deliveries');
      assert.is((await request(`${server.url}/api/notes`, { method: 'POST', body: { data: { title: 'Made' } } })).status, 200);
      await eventually(async () => sink.received.length === 1, 'the delivery of the write that was made');
      assert.equal(sink.received.map((delivery) => delivery.body.entry.title), ['Made']);
    } finally {
      await database.end().catch(() => undefined);
      await server?.stop();
      await sink.close();
      await site.cleanup();
    }
  });

  test('with several processes on PostgreSQL, each event should be delivered by one of them', async () => {
    const sink = await receiver();
    const site = await project();
    const servers: ServeProcess[] = [];
    try {
      await createWebhook(site.dir, sink.url, 'entry.create');
      servers.push(await serve(site.dir), await serve(site.dir), await serve(site.dir));
      const titles = Array.from({ length: 12 }, (_, i) => `note ${i}`);
      await Promise.all(titles.map((title, i) => request(`${servers[i % 3]!.url}/api/notes?status=draft`, { method: 'POST', body: { data: { title } } })));
      await eventually(async () => sink.received.length >= titles.length, 'every delivery');
      await new Promise((done) => setTimeout(done, 2500)); // the other processes had their chance to send it again
      assert.equal(sink.received.map((delivery) => delivery.body.entry.title).sort(), [...titles].sort());
      assert.is(new Set(sink.received.map((delivery) => delivery.headers['x-folio-delivery'])).size, titles.length);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await sink.close();
      await site.cleanup();
    }
  });
}

test.run();
