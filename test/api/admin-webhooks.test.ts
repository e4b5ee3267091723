/**
 * `/api/admin/webhooks…` (docs/api/settings.md) over real HTTP, against real receivers on 127.0.0.1
 * (which webhooks reach here because the project sets `server.webhooks.allowPrivateAddresses`): who
 * may call them, every field checked, no secret nor header value in any answer, a test event sent
 * now, the deliveries with why one failed, and the CLI and the routes agreeing.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createHmac } from 'node:crypto';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';
import { webhookMessages } from '../../src/webhooks/index.js';
import { bearer, eventually, freePort, listenLocal } from '../_helpers/index.js';
import { fieldOf, settingsServer, type SettingsServer } from '../_helpers/settings.js';

const SECRET = 'a-long-shared-secret';
const HEADER_VALUE = 'Bearer header-value-1';

interface Receiver {
  url: string;
  received: Array<{ headers: IncomingHttpHeaders; body: any; raw: string }>;
  close(): Promise<void>;
}

/** A receiver that records every POST and answers `status`. */
async function receiver(status = 200): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const http = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw), raw });
      res.writeHead(status).end();
    });
  });
  const port = await listenLocal(http);
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise((done) => http.close(() => done())) };
}

let server: SettingsServer;
let sink: Receiver;
const test = suite('/api/admin/webhooks');
test.before.each(async () => {
  sink = await receiver();
  server = await settingsServer({
    publicActions: ['api::article.article.create'],
    config: { server: { host: '127.0.0.1', port: 1337, webhooks: { timeout: 2, retryDelays: [1], allowPrivateAddresses: true } } },
  });
});
test.after.each(async () => {
  await server.close();
  await sink.close();
});

const api = () => server.api;
const create = (body: unknown) => api().post('/api/admin/webhooks', body, server.admin);
const site = () => ({ name: 'site', url: sink.url, events: ['entry.create'], headers: { Authorization: HEADER_VALUE }, secret: SECRET });
const noSecret = (text: string) => !text.includes(SECRET) && !text.includes('header-value-1');

test('every route refuses a caller without credentials (401), a role without its action and any API token (403)', async () => {
  const { accessKey } = await api().project.apiTokens.create(SYSTEM_ACTOR, { name: 'importer', type: 'full-access' });
  const routes: Array<[string, string]> = [
    ['GET', '/api/admin/webhooks'], ['POST', '/api/admin/webhooks'], ['GET', '/api/admin/webhooks/1'], ['PUT', '/api/admin/webhooks/1'],
    ['DELETE', '/api/admin/webhooks/1'], ['POST', '/api/admin/webhooks/1/trigger'], ['GET', '/api/admin/webhooks/1/deliveries'],
  ];
  for (const [method, path] of routes) {
    assert.is((await api().send(method, path, '{}')).status, 401, `${method} ${path} anonymous`);
    assert.is((await api().send(method, path, '{}', server.editor)).status, 403, `${method} ${path} by a role without the action`);
    assert.is((await api().send(method, path, '{}', bearer(accessKey))).status, 403, `${method} ${path} with a full-access token`);
  }
  assert.is(sink.received.length, 0, 'nothing was triggered');
});

test('POST creates a webhook; no answer holds its secret or a header value', async () => {
  const created = await create(site());
  assert.is(created.status, 201, created.text);
  const webhook = created.body.data;
  assert.equal(Object.keys(webhook).sort(), ['createdAt', 'events', 'headers', 'id', 'name', 'signed', 'updatedAt', 'url']);
  assert.equal([webhook.name, webhook.url, webhook.events, webhook.headers, webhook.signed], ['site', sink.url, ['entry.create'], ['Authorization: ***'], true]);
  const list = await api().get('/api/admin/webhooks', server.admin);
  const read = await api().get(`/api/admin/webhooks/${webhook.id}`, server.admin);
  const byName = await api().get('/api/admin/webhooks/site', server.admin);
  assert.equal(list.body.data, [webhook]);
  assert.equal(read.body.data, webhook);
  assert.equal(byName.body.data, webhook, 'a webhook is also found by its name');
  for (const answer of [created, list, read]) assert.ok(noSecret(answer.text), answer.text);
});

test('a body that is not valid is 400 naming the field, and writes nothing', async () => {
  const cases: Array<[Record<string, unknown> | unknown[], string | undefined, string | RegExp]> = [
    [{ ...site(), name: '123' }, 'name', webhookMessages.badName('123')],
    [{ ...site(), name: 5 }, 'name', webhookMessages.notAString('name')],
    [{ ...site(), url: 'ftp://example.com/x' }, 'url', webhookMessages.notHttp('url', 'a ftp: URL')],
    [{ ...site(), url: undefined }, 'url', /^url must be an http:\/\/ or https:\/\/ URL/],
    [{ ...site(), events: ['entry.creat'] }, 'events', /^"entry\.creat" is not an event; did you mean "entry\.create"\?/],
    [{ ...site(), events: [] }, 'events', webhookMessages.noEvents('events')],
    [{ ...site(), events: [1] }, 'events', webhookMessages.badEventList],
    [{ ...site(), headers: { 'X Name': 'v' } }, 'headers', webhookMessages.badHeaderName('headers', 'X Name')],
    [{ ...site(), headers: { 'Content-Type': 'text/plain' } }, 'headers.Content-Type', webhookMessages.ownHeader('headers', 'Content-Type')],
    [{ ...site(), headers: { 'X-Token': 'secret-value\u0007' } }, 'headers.X-Token', webhookMessages.badHeaderValue('headers', 'X-Token')],
    [{ ...site(), headers: 'Authorization: x' }, 'headers', webhookMessages.badHeaders],
    [{ ...site(), secret: 'short' }, 'secret', webhookMessages.shortSecret('secret')],
    [{ ...site(), secret: 12345678 }, 'secret', webhookMessages.badSecret],
    [{ ...site(), isEnabled: true }, undefined, 'Invalid key isEnabled'],
    [[site()], undefined, webhookMessages.bodyNotObject],
  ];
  for (const [body, field, message] of cases) {
    const refused = await create(body);
    assert.is(refused.status, 400, JSON.stringify(body));
    assert.is(refused.body.error.name, 'ValidationError');
    if (typeof message === 'string') assert.is(refused.body.error.message, message);
    else assert.match(refused.body.error.message, message);
    assert.is(fieldOf(refused.body), field, JSON.stringify(body));
    assert.ok(noSecret(refused.text), 'a refused value is never repeated');
  }
  assert.is((await create(site())).status, 201);
  const taken = await create(site());
  assert.equal([taken.status, taken.body.error.message, fieldOf(taken.body)], [400, webhookMessages.nameTaken('site'), 'name']);
  assert.is(api().project.webhooks.list(SYSTEM_ACTOR).length, 1, 'no refused body wrote a webhook');
});

test('trigger sends a test event now and answers the status; or, when nothing answered, why', async () => {
  const { id } = (await create(site())).body.data;
  const triggered = await api().post(`/api/admin/webhooks/${id}/trigger`, undefined, server.admin);
  assert.equal([triggered.status, triggered.body], [200, { data: { statusCode: 200, message: null } }]);
  const [delivery] = sink.received;
  assert.is(delivery!.body.event, 'trigger-test');
  assert.is(delivery!.headers.authorization, HEADER_VALUE, 'sent with its headers');
  const [t, v1] = String(delivery!.headers['x-folio-signature']).split(',').map((part) => part.split('=')[1]);
  assert.is(v1, createHmac('sha256', SECRET).update(`${t}.${delivery!.raw}`).digest('hex'), 'and signed');

  const failing = await receiver(503);
  try {
    await api().put(`/api/admin/webhooks/${id}`, { url: failing.url }, server.admin);
    assert.equal((await api().post(`/api/admin/webhooks/${id}/trigger`, undefined, server.admin)).body, { data: { statusCode: 503, message: 'HTTP 503' } });
  } finally {
    await failing.close();
  }
  await api().put(`/api/admin/webhooks/${id}`, { url: `http://127.0.0.1:${await freePort()}/hook` }, server.admin);
  assert.equal((await api().post(`/api/admin/webhooks/${id}/trigger`, undefined, server.admin)).body, { data: { statusCode: null, message: 'ECONNREFUSED' } });
});

test('deliveries answers the last deliveries, with why one failed', async () => {
  const failing = await receiver(503);
  try {
    const { id } = (await create({ ...site(), url: failing.url })).body.data;
    assert.equal((await api().get(`/api/admin/webhooks/${id}/deliveries`, server.admin)).body, { data: [] });
    assert.is((await api().post('/api/articles', { data: { title: 'Tell the site' } })).status, 200);
    const deliveries = async () => (await api().get(`/api/admin/webhooks/${id}/deliveries`, server.admin)).body.data;
    await eventually(async () => (await deliveries())[0]?.status === 'failed', 'the delivery given up after its retry');
    const [failed] = await deliveries();
    assert.equal([failed.event, failed.status, failed.attempts, failed.lastStatus, failed.lastError], ['entry.create', 'failed', 2, 503, 'HTTP 503']);
    assert.equal(Object.keys(failed).sort(), ['attempts', 'createdAt', 'event', 'finishedAt', 'id', 'lastError', 'lastStatus', 'status']);
  } finally {
    await failing.close();
  }
});

test('PUT changes what it is given; headers and a URL sent back as answered keep their stored values', async () => {
  const { body } = await create({ ...site(), url: sink.url.replace('http://', 'http://hook:url-password@') });
  const { id } = body.data;
  assert.ok(!body.data.url.includes('url-password'), 'a URL is shown without its password');
  const echoed = await api().put(`/api/admin/webhooks/${id}`, { ...body.data, name: 'renamed', events: ['entry.create', 'entry.publish'] }, server.admin);
  assert.is(echoed.status, 200, echoed.text);
  assert.equal([echoed.body.data.name, echoed.body.data.events, echoed.body.data.headers, echoed.body.data.signed], ['renamed', ['entry.create', 'entry.publish'], ['Authorization: ***'], true]);
  const stored = api().project.tables.webhooks.rows()[0]!;
  assert.equal([stored.url.includes('url-password'), stored.headers, stored.secret], [true, { Authorization: HEADER_VALUE }, SECRET], 'the masked values kept what they stood for');

  const unsigned = await api().put(`/api/admin/webhooks/${id}`, { secret: null, headers: { 'X-Site': 'blog' } }, server.admin);
  assert.equal([unsigned.body.data.signed, unsigned.body.data.headers], [false, ['X-Site: ***']]);
  const unknownMask = await api().put(`/api/admin/webhooks/${id}`, { headers: { Authorization: '***' } }, server.admin);
  assert.equal([unknownMask.status, fieldOf(unknownMask.body)], [400, 'headers.Authorization']);
  assert.is((await create({ ...site(), name: 'other' })).status, 201);
  const taken = await api().put(`/api/admin/webhooks/${id}`, { name: 'other' }, server.admin);
  assert.equal([taken.status, fieldOf(taken.body)], [400, 'name']);
});

test('DELETE removes a webhook and its deliveries; an unknown id or name is 404 on every route that names one', async () => {
  const { id } = (await create(site())).body.data;
  const removed = await api().del(`/api/admin/webhooks/${id}`, server.admin);
  assert.equal([removed.status, removed.body.data.name], [200, 'site']);
  assert.ok(noSecret(removed.text));
  for (const [method, path] of [['GET', ''], ['PUT', ''], ['DELETE', ''], ['POST', '/trigger'], ['GET', '/deliveries']] as const) {
    for (const ref of [String(id), 'nobody']) {
      const missing = await api().send(method, `/api/admin/webhooks/${ref}${path}`, '{}', server.admin);
      assert.equal([missing.status, missing.body.error.name], [404, 'NotFoundError'], `${method} ${ref}${path}`);
    }
  }
  assert.is(sink.received.length, 0);
});

test('the CLI and the routes agree: folio webhook list shows a webhook made over HTTP, and the routes one made by folio webhook create', async () => {
  const made = await create(site());
  const listed = await server.folio('webhook', 'list', '--json');
  assert.is(listed.error, undefined, String(listed.error));
  assert.equal(JSON.parse(listed.out), [made.body.data]);
  const cli = await server.folio('webhook', 'create', 'from-cli', '--url', sink.url, '--events', 'media.create', '--header', 'X-Token: cli-value');
  assert.is(cli.error, undefined, String(cli.error));
  await eventually(async () => (await api().get('/api/admin/webhooks', server.admin)).body.data.length === 2, 'the server sees the CLI\'s webhook');
  const answer = await api().get('/api/admin/webhooks/from-cli', server.admin);
  assert.equal([answer.body.data.events, answer.body.data.headers], [['media.create'], ['X-Token: ***']]);
  assert.not.match(answer.text, /cli-value/);
  const tested = await server.folio('webhook', 'test', 'site');
  assert.equal([tested.error, tested.out], [undefined, 'The receiver answered 200.\n'], 'folio webhook test is the trigger route\'s call');
});

test.run();
