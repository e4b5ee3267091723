/**
 * What a webhook may not do: reach a loopback, link-local or private address unless
 * `server.webhooks.allowPrivateAddresses` is true (refused at create by the URL's host, and at
 * delivery on the address actually connected to), nor wedge its deliveries with a header the HTTP
 * client refuses (a row written by hand or by an older version): such a delivery is a failed
 * attempt with a one-line reason, settled by the normal schedule, never a stack every few seconds.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:http';
import type { LookupFunction } from 'node:net';
import { openProject, type Project } from '../../src/project/index.js';
import { createWebhookService, startDeliveries, type WebhookRow, type WebhookService } from '../../src/webhooks/index.js';
import { isPrivateAddress } from '../../src/webhooks/addresses.js';
import { folio, listenLocal } from '../_helpers/index.js';
import { apiServer, testProject } from '../_helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

const NOTE = `kind: collectionType
info: { singularName: note, pluralName: notes, displayName: Note }
options: { draftAndPublish: false }
attributes:
  title: { type: string }
`;
const REFUSED_LOOPBACK = 'refused: 127.0.0.1 is a private address; set server.webhooks.allowPrivateAddresses to allow it';
const BAD_VALUE = 'has a value a header cannot carry: only tabs and printable Latin-1 characters (none above U+00FF, no line break or control character)';

/** A receiver on 127.0.0.1 that records the event of every POST and answers 200. */
async function receiver(): Promise<{ port: number; events: string[]; close(): Promise<void> }> {
  const events: string[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      events.push(JSON.parse(raw).event);
      res.writeHead(200).end();
    });
  });
  const port = await listenLocal(server);
  return { port, events, close: () => new Promise((done) => server.close(() => done())) };
}

/** Asks until `check` holds, for up to `ms` (deliveries wait out their retries here). */
async function until(check: () => Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never seen: ${what}`);
}

/** A lookup that answers `address` for `name` (in either of the forms Node asks for) and fails for any other name. */
function fakeLookup(name: string, address: string): LookupFunction {
  return (hostname, options, callback) => {
    if (hostname !== name) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
    const family = address.includes(':') ? 6 : 4;
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** A project opened in this process, not served: no deliverer runs unless a test starts one. */
async function opened(config: Record<string, Record<string, unknown>> = {}): Promise<{ project: Project; close(): Promise<void> }> {
  const site = await testProject({ files: { 'content-types/note.yaml': NOTE }, config });
  const project = await openProject(site.dir, { logLines: () => undefined });
  return {
    project,
    close: async () => {
      await project.close();
      await site.cleanup();
    },
  };
}

/** Writes a webhook row straight into the store, as a hand edit or an older version would have. */
async function writeRow(project: Project, row: Partial<WebhookRow> & { url: string }): Promise<void> {
  await project.tables.webhooks.update((data) => {
    const stamp = new Date().toISOString();
    data.rows.push({ id: data.nextId++, documentId: `hook${data.nextId}`, name: 'site', events: ['entry.create', 'entry.update'], headers: {}, secret: null, createdAt: stamp, updatedAt: stamp, ...row });
  });
}

const note = (event: 'entry.create' | 'entry.update', title: string) => ({ event, subject: 'api::note.note:n1', fields: { model: 'note', uid: 'api::note.note', entry: { documentId: 'n1', title } } });

const test = suite('webhook safety');

test('the address check should refuse every listed range, IPv4-mapped IPv6 addresses as their IPv4 address, and nothing else', () => {
  const refused = [
    '0.0.0.0', '0.255.1.2', '10.0.0.1', '10.255.255.255', '100.64.0.1', '100.127.255.255', '127.0.0.1', '127.255.255.254', '169.254.169.254',
    '172.16.0.1', '172.31.255.255', '192.0.0.8', '192.168.1.1', '198.18.0.1', '198.19.255.255', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255',
    '::', '::1', 'fc00::1', 'fdff:ffff::1', 'fe80::1', 'febf::1', 'fe80::1%eth0', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::FFFF:10.0.0.1', '0:0:0:0:0:ffff:a9fe:a9fe', '::ffff:192.168.0.1',
  ];
  const allowed = [
    '8.8.8.8', '1.1.1.1', '9.255.255.255', '11.0.0.0', '100.63.255.255', '100.128.0.0', '126.255.255.255', '128.0.0.0', '169.253.255.255', '169.255.0.0',
    '172.15.255.255', '172.32.0.0', '192.0.1.1', '192.167.255.255', '192.169.0.0', '198.17.255.255', '198.20.0.0', '223.255.255.255',
    '2606:4700::1111', '2001:db8::1', '::2', 'fec0::1', 'fe00::1', '::ffff:8.8.8.8', '::ffff:808:808', 'example.com', '',
  ];
  for (const address of refused) assert.ok(isPrivateAddress(address), `${address} is refused`);
  for (const address of allowed) assert.not.ok(isPrivateAddress(address), `${address} is allowed`);
});

test('create should refuse a URL whose host is a private IP literal or localhost, naming the setting and never the password; allowed when set', async () => {
  const { project, close } = await opened();
  let allow = false;
  const service = createWebhookService({ webhooks: project.tables.webhooks, deliveries: project.webhooks.store, settings: () => ({ timeout: 2, retryDelays: [], allowPrivateAddresses: allow }) });
  try {
    const urls = [
      'http://127.0.0.1:9/x', 'http://127.1/x', 'http://2130706433/x', 'https://10.1.2.3/x', 'http://169.254.169.254/latest/meta-data', 'http://192.168.0.10/x',
      'http://[::1]:8080/x', 'http://[::ffff:127.0.0.1]/x', 'http://[fe80::1]/x', 'http://[fd00::5]/x', 'http://localhost:3000/x', 'http://LocalHost./x', 'http://api.localhost/x',
      'http://admin:url-password@172.16.5.4/x',
    ];
    for (const url of urls) {
      try {
        await service.create(SYSTEM_ACTOR, { name: 'site', url, events: 'entry.create' });
        assert.unreachable(`${url} was accepted`);
      } catch (error) {
        assert.instance(error, Error);
        assert.is((error as Error).name, 'ValidationError', url);
        assert.match((error as Error).message, /a loopback, link-local or private address: webhooks may not reach those unless server\.webhooks\.allowPrivateAddresses is true$/, url);
        assert.not.match((error as Error).message, /url-password|\n/, url);
      }
    }
    assert.equal(service.list(SYSTEM_ACTOR), []);
    const created = await service.create(SYSTEM_ACTOR, { name: 'public', url: 'https://hooks.example.com/folio', events: 'entry.create' });
    assert.is(created.url, 'https://hooks.example.com/folio', 'a name is not judged at create: its addresses are, at delivery');
    allow = true;
    assert.is((await service.create(SYSTEM_ACTOR, { name: 'local', url: 'http://127.0.0.1:9/x', events: 'entry.create' })).url, 'http://127.0.0.1:9/x');
  } finally {
    await close();
  }
});

test('a name that resolves to a private address should pass create and be refused at delivery, on the address the lookup answered', async () => {
  const sink = await receiver();
  const { project, close } = await opened();
  let allow = false;
  let answer = '127.0.0.1';
  const settings = () => ({ timeout: 2, retryDelays: [0.1], allowPrivateAddresses: allow });
  const lookup: LookupFunction = (hostname, options, callback) => fakeLookup('hooks.example.test', answer)(hostname, options, callback);
  const service = createWebhookService({ webhooks: project.tables.webhooks, deliveries: project.webhooks.store, settings, lookup });
  const deliverer = startDeliveries({ service, webhooks: project.tables.webhooks, deliveries: project.webhooks.store, settings, log: project.log, pollMs: 50 });
  try {
    await service.create(SYSTEM_ACTOR, { name: 'site', url: `http://hooks.example.test:${sink.port}/hook`, events: 'entry.create,entry.update' });
    const reason = 'refused: hooks.example.test resolves to a private address (127.0.0.1); set server.webhooks.allowPrivateAddresses to allow it';
    assert.equal(await service.test(SYSTEM_ACTOR, 'site'), { status: null, error: reason }, 'folio webhook test goes through the same check');

    const outbox = service.outbox([note('entry.create', 'one')])!;
    await outbox.with();
    outbox.recorded();
    deliverer.wake();
    await until(async () => (await service.deliveries(SYSTEM_ACTOR, 'site'))[0]?.status === 'failed', 'the refused delivery given up');
    const [failed] = await service.deliveries(SYSTEM_ACTOR, 'site');
    assert.equal([failed!.attempts, failed!.lastStatus, failed!.lastError], [2, null, reason], 'retried on the normal schedule, then given up');

    answer = '::ffff:7f00:1';
    assert.equal(await service.test(SYSTEM_ACTOR, 'site'), { status: null, error: reason.replace('127.0.0.1', '::ffff:7f00:1') }, 'an IPv4-mapped loopback is loopback');
    assert.equal(sink.events, [], 'nothing reached the receiver');

    // Allowed, the very same name reaches the receiver: the lookup is the one the connection used.
    answer = '127.0.0.1';
    allow = true;
    assert.equal(await service.test(SYSTEM_ACTOR, 'site'), { status: 200, error: null });
    const next = service.outbox([note('entry.update', 'two')])!;
    await next.with();
    next.recorded();
    deliverer.wake();
    await until(async () => sink.events.length === 2, 'the allowed delivery');
    assert.equal(sink.events, ['trigger-test', 'entry.update']);
  } finally {
    await deliverer.stop();
    await close();
    await sink.close();
  }
});

test('an IP-literal URL written into the store, bypassing create, should be refused at delivery and by folio webhook test', async () => {
  const sink = await receiver();
  const { project, close } = await opened();
  const settings = () => ({ timeout: 2, retryDelays: [0.1], allowPrivateAddresses: false });
  const deliverer = startDeliveries({ service: project.webhooks, webhooks: project.tables.webhooks, deliveries: project.webhooks.store, settings, log: project.log, pollMs: 50 });
  try {
    await writeRow(project, { url: `http://127.0.0.1:${sink.port}/hook` });
    assert.equal(await project.webhooks.test(SYSTEM_ACTOR, 'site'), { status: null, error: REFUSED_LOOPBACK });
    const outbox = project.webhooks.outbox([note('entry.create', 'one')])!;
    await outbox.with();
    outbox.recorded();
    deliverer.wake();
    await until(async () => (await project.webhooks.deliveries(SYSTEM_ACTOR, 'site'))[0]?.status === 'failed', 'the refused delivery given up');
    assert.equal((await project.webhooks.deliveries(SYSTEM_ACTOR, 'site')).map((row) => [row.status, row.lastError]), [['failed', REFUSED_LOOPBACK]]);

    await project.flush();
    const tested = await folio(['webhook', 'test', 'site', '--dir', project.paths.root]);
    assert.is(tested.code, 1, tested.stderr);
    assert.is(tested.stdout, `No answer: ${REFUSED_LOOPBACK}.\n`);
    assert.equal(sink.events, [], 'nothing reached the receiver');
  } finally {
    await deliverer.stop();
    await close();
    await sink.close();
  }
});

test('a webhook whose headers the HTTP client refuses should be a failed attempt with a one-line reason, never a throw', async () => {
  const { project, close } = await opened({ server: { webhooks: { timeout: 2, retryDelays: [1], allowPrivateAddresses: true } } });
  try {
    await writeRow(project, { url: 'http://127.0.0.1:9/hook', headers: { 'X-Name': 'café ☕ token-value-1' } });
    const outcome = await project.webhooks.test(SYSTEM_ACTOR, 'site');
    assert.equal(outcome, { status: null, error: `the request could not be made: header X-Name ${BAD_VALUE}` });
    await project.tables.webhooks.update((data) => {
      data.rows[0]!.headers = { 'Bad Name: token-value-2': 'x' };
    });
    assert.equal(await project.webhooks.test(SYSTEM_ACTOR, 'site'), { status: null, error: 'the request could not be made: a header name is not a valid HTTP token' });
    await project.tables.webhooks.update((data) => {
      data.rows[0]!.headers = {};
      data.rows[0]!.url = 'not a url';
    });
    assert.equal(await project.webhooks.test(SYSTEM_ACTOR, 'site'), { status: null, error: 'the request could not be made: its URL is not a URL' });
  } finally {
    await close();
  }
});

test('a running server should settle the deliveries of a webhook with a refused header, and deliver the document\'s later ones once it is fixed', async () => {
  const sink = await receiver();
  const server = await apiServer({
    files: { 'content-types/note.yaml': NOTE },
    publicActions: ['create', 'update'].map((action) => `api::note.note.${action}`),
    config: { server: { host: '127.0.0.1', port: 1337, webhooks: { timeout: 2, retryDelays: [1], allowPrivateAddresses: true } } },
  });
  const deliveries = async () => (await server.project.webhooks.deliveries(SYSTEM_ACTOR, 'site')).reverse(); // oldest first
  try {
    await writeRow(server.project, { url: `http://127.0.0.1:${sink.port}/hook`, headers: { 'X-Name': 'café ☕ token-value-1' } });
    const created = await server.post('/api/notes', { data: { title: 'one' } });
    assert.is(created.status, 200, created.text);
    const id = created.body.data.documentId;
    assert.is((await server.put(`/api/notes/${id}`, { data: { title: 'two' } })).status, 200);
    // Both settle: the first is not stuck, and the second, which waited for it, goes in its turn.
    await until(async () => (await deliveries()).filter((row) => row.status === 'failed').length === 2, 'both deliveries given up');
    const reason = `the request could not be made: header X-Name ${BAD_VALUE}`;
    assert.equal((await deliveries()).map((row) => [row.event, row.status, row.attempts, row.lastError]), [['entry.create', 'failed', 2, reason], ['entry.update', 'failed', 2, reason]]);

    await server.project.tables.webhooks.update((data) => {
      data.rows[0]!.headers = { 'X-Name': 'café' }; // Latin-1 is fine
    });
    assert.is((await server.put(`/api/notes/${id}`, { data: { title: 'three' } })).status, 200);
    await until(async () => sink.events.length === 1, 'the later delivery of the same document');
    assert.equal(sink.events, ['entry.update']);
    const log = server.log.join('\n');
    assert.not.match(log, /\n\s+at /, 'no stack');
    assert.not.match(log, /token-value|☕/, 'never a header value');
    assert.match(log, /webhook site: entry\.create delivery \S+ failed \(the request could not be made: header X-Name has a value a header cannot carry: .*\), attempt 2: given up$/m);
  } finally {
    await server.close();
    await sink.close();
  }
});

test.run();
