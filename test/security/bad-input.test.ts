/**
 * Bad input on every endpoint (the issue's "Bad input" part): malformed and truncated JSON, JSON of
 * the wrong type as the body and in every field, deep nesting, bodies over the limit, huge query
 * strings, `__proto__`/`constructor`/`prototype` keys, invalid UTF-8, unknown locales and ids,
 * bad pagination. Every request must answer a 4xx in Strapi's envelope — never a 5xx, a hang or a
 * change on disk — and must not pollute Object.prototype.
 *
 * Each test collects every request that misbehaved and fails once with the whole list.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { issueToken } from '../../src/auth/index.js';
import { parseJson, type JsonResponse } from '../_helpers/index.js';
import { NO_RATE_LIMIT, PERMISSIONS_ACTION, ROLE_ACTIONS, USER_ACTIONS, apiServer, type ApiServer } from '../_helpers/server.js';
import { changedFiles, envelopeProblem, snapshotData } from './_helpers.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

const ONE_MB = 1024 * 1024;

let api: ApiServer;
let admin: Record<string, string>;
let snapshot: Map<string, string>;
let rootListing: string[];
let protoNames: string[];
const ids = { article: '', category: '', user: 0, victimUser: 0, victimRole: 0, authenticatedRole: 0 };

const bad = suite('bad input on every endpoint');

bad.before(async () => {
  protoNames = Object.getOwnPropertyNames(Object.prototype).sort();
  api = await apiServer({
    authenticatedActions: [...USER_ACTIONS, ...ROLE_ACTIONS, PERMISSIONS_ACTION],
    config: { 'users-permissions': NO_RATE_LIMIT },
  });
  const article = await api.post('/api/articles', { data: { title: 'Hello', slug: 'hello', views: 1 } });
  ids.article = article.body.data.documentId;
  await api.put(`/api/articles/${ids.article}?locale=fr`, { data: { title: 'Bonjour' } });
  ids.category = (await api.post('/api/categories', { data: { name: 'News' } })).body.data.documentId;
  await api.put('/api/homepage', { data: { title: 'Home', blocks: [] } });
  const ada = await api.project.users.create(SYSTEM_ACTOR, { username: 'ada', email: 'ada@example.com', password: 'correct-horse', confirmed: true });
  ids.user = ada.id;
  ids.victimUser = (await api.project.users.create(SYSTEM_ACTOR, { username: 'victim', email: 'victim@example.com', password: 'victim-horse', confirmed: true })).id;
  await api.post('/api/users-permissions/roles', { name: 'Victim', description: 'a role to aim at', type: 'victim' }, { authorization: `Bearer ${issueToken(api.project.tokens, ada.id)}` });
  ids.victimRole = api.project.tables.roles.rows().find((role) => role.type === 'victim')!.id;
  ids.authenticatedRole = api.project.tables.roles.rows().find((role) => role.type === 'authenticated')!.id;
  admin = { authorization: `Bearer ${issueToken(api.project.tokens, ada.id)}` };
  await api.project.flush();
  snapshot = await snapshotData(api.dir);
  rootListing = (await readdir(api.dir)).sort();
});

// Each test compares data/ with how it was when the test began, so one failure does not hide the next.
bad.before.each(async () => {
  await api.project.flush();
  snapshot = await snapshotData(api.dir);
});

bad.after(async () => {
  await api?.close();
});

// ---------------------------------------------------------------------------------------------
// The routes, each with a body that would succeed and, per field, values of the wrong type.

const NOT_STRING: unknown[] = [12345, -1, 1.5, true, false, {}, [], ['x'], { $ne: null }, { $gt: '' }, [[]]];
const NOT_BOOLEAN: unknown[] = ['yes', 2, {}, [], [true], { $ne: null }];
const NOT_INTEGER: unknown[] = ['abc', 1.5, true, {}, [], [1], { $gt: 0 }, 1e308, -1e308, 2 ** 53, 'NaN'];
const NOT_EMAIL: unknown[] = [...NOT_STRING, 'not-an-email', '@example.com', 'a@b', `${'a'.repeat(100_000)}@example.com`.replace(/@/, ''), 'a b@example.com', 'a@example.com\r\nBcc: evil@example.com'];
const NOT_PASSWORD: unknown[] = [...NOT_STRING, 'é'.repeat(40), 'x'.repeat(100_000)];
const NOT_RELATION: unknown[] = [true, 1.5, -1, 'nosuchdocumentid', 'x'.repeat(100_000), { connect: 'x' }, { connect: [{ id: 'x' }] }, { set: 5 }, { disconnect: {} }, [{}], [true], { $ne: null }];
const NOT_COMPONENT_LIST: unknown[] = ['x', 5, true, {}, [5], ['x'], [[]], [null], [{ heading: {} }], [{ nosuchfield: 1 }]];
const NOT_BLOCKS: unknown[] = ['text', 5, true, {}, [5], ['x'], [{}], [{ type: 'paragraph', children: 'x' }], [{ type: '<script>', children: [] }]];

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: () => string;
  /** Needs the admin token. */
  auth?: boolean;
  /** A body the route would accept; fields below replace one of its values (inside `data` for content). */
  body?: () => Record<string, unknown>;
  content?: boolean;
  fields?: Record<string, unknown[]>;
}

const routes: Route[] = [
  // content: collection types
  { method: 'GET', path: () => '/api/articles' },
  {
    method: 'POST', path: () => '/api/articles', content: true, body: () => ({ title: 'New', slug: 'new-one', views: 2, body: [], sections: [], category: ids.category }),
    fields: { title: NOT_STRING, slug: [...NOT_STRING, 'has spaces!', 'ü'.repeat(10)], views: NOT_INTEGER, body: NOT_BLOCKS, sections: NOT_COMPONENT_LIST, category: NOT_RELATION },
  },
  { method: 'GET', path: () => `/api/articles/${ids.article}` },
  { method: 'PUT', path: () => `/api/articles/${ids.article}`, content: true, body: () => ({ title: 'Changed', views: 3 }), fields: { title: NOT_STRING, views: NOT_INTEGER, category: NOT_RELATION, sections: NOT_COMPONENT_LIST } },
  { method: 'DELETE', path: () => '/api/articles/nosuchdocumentidatall' },
  { method: 'GET', path: () => '/api/categories' },
  { method: 'POST', path: () => '/api/categories', content: true, body: () => ({ name: 'Fresh' }), fields: { name: [...NOT_STRING, null], articles: [[ids.article], 'x'] } },
  { method: 'GET', path: () => `/api/categories/${ids.category}` },
  { method: 'PUT', path: () => `/api/categories/${ids.category}`, content: true, body: () => ({ name: 'Renamed' }), fields: { name: [...NOT_STRING, null] } },
  { method: 'DELETE', path: () => '/api/categories/nosuchdocumentidatall' },
  // content: single type
  { method: 'GET', path: () => '/api/homepage' },
  {
    method: 'PUT', path: () => '/api/homepage', content: true, body: () => ({ title: 'Home 2', blocks: [{ __component: 'shared.quote', text: 'hi' }] }),
    fields: { title: NOT_STRING, blocks: ['x', 5, {}, [5], [{}], [{ __component: 'nope.nope' }], [{ __component: 5 }], [{ __component: 'shared.quote', text: {} }], [{ __component: '__proto__' }]] },
  },
  // users
  { method: 'GET', path: () => '/api/users/me', auth: true },
  { method: 'GET', path: () => '/api/users', auth: true },
  { method: 'GET', path: () => '/api/users/count', auth: true },
  { method: 'GET', path: () => `/api/users/${ids.user}`, auth: true },
  {
    method: 'POST', path: () => '/api/users', auth: true,
    body: () => ({ username: 'newbie', email: 'newbie@example.com', password: 'newbie-pass', confirmed: true, blocked: false, role: ids.authenticatedRole }),
    fields: { username: [...NOT_STRING, 'ab', ''], email: NOT_EMAIL, password: [...NOT_PASSWORD, ''], confirmed: NOT_BOOLEAN, blocked: NOT_BOOLEAN, role: [...NOT_RELATION, 999999, [ids.authenticatedRole, 999999]] },
  },
  {
    method: 'PUT', path: () => `/api/users/${ids.victimUser}`, auth: true, body: () => ({ username: 'victim2', blocked: false }),
    fields: { username: [...NOT_STRING, 'ab', ''], email: NOT_EMAIL, password: [...NOT_PASSWORD, ''], confirmed: NOT_BOOLEAN, blocked: NOT_BOOLEAN, role: [...NOT_RELATION, 999999] },
  },
  { method: 'DELETE', path: () => '/api/users/999999', auth: true },
  // roles and permissions
  { method: 'GET', path: () => '/api/users-permissions/roles', auth: true },
  { method: 'GET', path: () => `/api/users-permissions/roles/${ids.victimRole}`, auth: true },
  {
    method: 'POST', path: () => '/api/users-permissions/roles', auth: true, body: () => ({ name: 'Editor', description: 'Writes', type: 'editor' }),
    fields: {
      name: [...NOT_STRING, ''], description: NOT_STRING.filter((v) => v !== null), type: [...NOT_STRING, ''],
      // `permissions: []` is not here: Strapi's own clients send it to mean "no change", and it is accepted as that.
      permissions: ['x', 5, true, [{}], { 'api::article': 'x' }, { 'api::article': { controllers: [] } }, { 'api::article': { controllers: { article: { find: true } } } }, { 'api::nosuch': { controllers: { nosuch: { find: { enabled: true } } } } }],
    },
  },
  {
    method: 'PUT', path: () => `/api/users-permissions/roles/${ids.victimRole}`, auth: true, body: () => ({ description: 'changed' }),
    fields: {
      name: [...NOT_STRING, ''], description: NOT_STRING, type: [5, {}, []],
      permissions: ['x', 5, true, [{}], { 'api::article': 'x' }, { 'api::article': { controllers: { article: { find: { enabled: 'yes' } } } } }],
    },
  },
  { method: 'DELETE', path: () => '/api/users-permissions/roles/999999', auth: true },
  { method: 'GET', path: () => '/api/users-permissions/permissions', auth: true },
  // accounts
  { method: 'POST', path: () => '/api/auth/local', body: () => ({ identifier: 'ada', password: 'wrong-password' }), fields: { identifier: [...NOT_STRING, ''], password: [...NOT_STRING, ''] } },
  {
    method: 'POST', path: () => '/api/auth/local/register', body: () => ({ username: 'registrant', email: 'registrant@example.com', password: 'registrant-pass' }),
    fields: { username: [...NOT_STRING, ''], email: NOT_EMAIL, password: NOT_PASSWORD },
  },
  { method: 'POST', path: () => '/api/auth/forgot-password', body: () => ({ email: 'ada@example.com' }), fields: { email: NOT_EMAIL } },
  {
    method: 'POST', path: () => '/api/auth/reset-password', body: () => ({ code: 'f'.repeat(128), password: 'reset-pass-1', passwordConfirmation: 'reset-pass-1' }),
    fields: { code: [...NOT_STRING, 'x'.repeat(100_000)], password: NOT_PASSWORD, passwordConfirmation: NOT_STRING },
  },
  {
    method: 'POST', path: () => '/api/auth/change-password', auth: true, body: () => ({ currentPassword: 'correct-horse', password: 'changed-horse', passwordConfirmation: 'changed-horse' }),
    fields: { currentPassword: NOT_STRING, password: NOT_PASSWORD, passwordConfirmation: NOT_STRING },
  },
  { method: 'GET', path: () => '/api/auth/email-confirmation' },
  { method: 'POST', path: () => '/api/auth/send-email-confirmation', body: () => ({ email: 'ada@example.com' }), fields: { email: NOT_EMAIL } },
  { method: 'POST', path: () => '/api/auth/refresh', body: () => ({ refreshToken: 'x' }), fields: { refreshToken: NOT_STRING } },
  { method: 'POST', path: () => '/api/auth/logout', auth: true },
  { method: 'GET', path: () => '/api/auth/sessions', auth: true },
  { method: 'DELETE', path: () => '/api/auth/sessions/nosuchsession', auth: true },
  { method: 'GET', path: () => '/api/connect/github' },
  { method: 'GET', path: () => '/api/auth/github/callback?code=x&state=y' },
];

const bodyRoutes = routes.filter((route) => route.method === 'POST' || route.method === 'PUT');

// ---------------------------------------------------------------------------------------------

interface Outcome {
  label: string;
  response?: JsonResponse;
  error?: string;
}

/** Sends one request; a transport failure (a reset, a hang caught by the 30 s timeout) is an outcome too. */
async function call(label: string, method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}): Promise<Outcome> {
  try {
    return { label, response: await api.send(method, path, body, headers) };
  } catch (error) {
    return { label, error: (error as Error).message };
  }
}

const headersOf = (route: Route): Record<string, string> => (route.auth ? admin : {});
const bodyOf = (route: Route, override?: Record<string, unknown>): Record<string, unknown> => {
  const fields = { ...route.body?.(), ...override };
  return route.content ? { data: fields } : fields;
};

/** Problems of these outcomes: anything but a 4xx in the envelope. */
function problemsOf(outcomes: Outcome[]): string[] {
  const problems: string[] = [];
  for (const outcome of outcomes) {
    if (outcome.error) problems.push(`${outcome.label}: ${outcome.error}`);
    else {
      const problem = envelopeProblem(outcome.response!);
      if (problem) problems.push(`${outcome.label}: ${problem}`);
    }
  }
  return problems;
}

function report(problems: string[], what: string): void {
  const shown = problems.slice(0, 12).join('\n  ');
  assert.ok(problems.length === 0, `${problems.length} ${what}:\n  ${shown}${problems.length > 12 ? `\n  … and ${problems.length - 12} more` : ''}`);
}

async function assertNothingChanged(): Promise<void> {
  await api.project.flush();
  const changed = changedFiles(snapshot, await snapshotData(api.dir));
  assert.equal(changed, [], `bad input changed data/: ${changed.join(', ')}`);
  assert.equal((await readdir(api.dir)).sort(), rootListing, 'no file appeared next to data/ and config/');
  assert.equal(Object.getOwnPropertyNames(Object.prototype).sort(), protoNames, 'Object.prototype unchanged');
  assert.is(({} as Record<string, unknown>).polluted, undefined, 'no pollution');
}

// ---------------------------------------------------------------------------------------------

bad('the baseline: every route answers when asked properly (so the 4xx below come from the bad input)', async () => {
  const article = await api.get(`/api/articles/${ids.article}`);
  assert.is(article.status, 200);
  assert.is((await api.get('/api/users/me', admin)).status, 200);
  assert.is((await api.get(`/api/users-permissions/roles/${ids.victimRole}`, admin)).status, 200);
});

bad('malformed and truncated JSON bodies answer 400 BadRequestError on every route', async () => {
  const malformed = [
    '{', '[', '}', '{"data":', '{"data":{"title":"x"', '{"data":{"title":"x"}', '{"data":{}}}', "{'data':{}}", '{"a":1,}', '{a:1}', 'NaN', 'undefined',
    '{"data":{"title":"x"}} trailing', '\u0000', '{"data":{"title":"\\x"}}', '{"data":{"title":"a\nb"}}', '{"data":{"title":"\\ud83d"}', '{"data" {"title":"x"}}',
    '{"data":{"title":"x"},}', '01', '{"a":01}', '{"a":1e}', '{"a":-}', '{"a":.5}', '{"a":tru}', '{"a":nul}', '\ufeff\ufeff{}',
  ];
  const outcomes: Outcome[] = [];
  for (const route of routes) {
    for (const text of malformed) outcomes.push(await call(`${route.method} ${route.path()} ${JSON.stringify(text)}`, route.method, route.path(), text, headersOf(route)));
  }
  report(problemsOf(outcomes), 'malformed bodies did not answer a 4xx envelope');
  const names = new Set(outcomes.filter((o) => o.response?.status === 400).map((o) => o.response!.body?.error?.name));
  assert.ok(names.has('BadRequestError'), 'malformed JSON is a BadRequestError');
  await assertNothingChanged();
});

bad('a body that is JSON but not an object (array, string, number, null, boolean) answers 4xx on every body route', async () => {
  const notObjects = ['[]', '[1,2]', '[{"data":{"title":"x"}}]', '"a string"', '5', '-1', '1e999', 'null', 'true', 'false', '[null]', '{}', '{"data":null}', '{"data":[]}', '{"data":"x"}', '{"data":5}', '{"data":[{"title":"x"}]}'];
  const outcomes: Outcome[] = [];
  for (const route of bodyRoutes) {
    for (const text of notObjects) {
      // `{}` is a valid empty change for some PUTs (nothing to change); only content needs `data`.
      if (text === '{}' && !route.content && route.method === 'PUT') continue;
      if (/^\{"data"/.test(text) && !route.content) continue;
      outcomes.push(await call(`${route.method} ${route.path()} ${text}`, route.method, route.path(), text, headersOf(route)));
    }
  }
  report(problemsOf(outcomes), 'non-object bodies did not answer a 4xx envelope');
  await assertNothingChanged();
});

bad('each field with a value of the wrong type answers 400 (the rest of the body being valid)', async () => {
  const outcomes: Outcome[] = [];
  for (const route of bodyRoutes) {
    for (const [field, values] of Object.entries(route.fields ?? {})) {
      for (const value of values) {
        const text = JSON.stringify(bodyOf(route, { [field]: value }));
        const shown = JSON.stringify(value).slice(0, 60);
        outcomes.push(await call(`${route.method} ${route.path()} ${field}=${shown}`, route.method, route.path(), text, headersOf(route)));
      }
    }
  }
  report(problemsOf(outcomes), 'wrong-typed fields were not refused with a 4xx envelope');
  await assertNothingChanged();
});

bad('50 levels of nesting in each field (objects and arrays) answer 400', async () => {
  const nestedObject = JSON.parse(`${'{"a":'.repeat(50)}1${'}'.repeat(50)}`);
  const nestedArray = JSON.parse(`${'['.repeat(50)}${']'.repeat(50)}`);
  const outcomes: Outcome[] = [];
  for (const route of bodyRoutes) {
    for (const field of Object.keys(route.fields ?? {})) {
      for (const value of [nestedObject, nestedArray]) {
        outcomes.push(await call(`${route.method} ${route.path()} ${field}=<50 levels>`, route.method, route.path(), JSON.stringify(bodyOf(route, { [field]: value })), headersOf(route)));
      }
    }
    // and the whole body nested
    outcomes.push(await call(`${route.method} ${route.path()} <body 50 levels>`, route.method, route.path(), JSON.stringify({ data: nestedObject, ...nestedObject }), headersOf(route)));
  }
  report(problemsOf(outcomes), 'nested values were not refused with a 4xx envelope');
  await assertNothingChanged();
});

bad('thousands of levels of nesting (well under the body limit) answer 400 in the envelope, not 500', async () => {
  const outcomes: Outcome[] = [];
  for (const depth of [5_000, 20_000]) {
    const object = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const array = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    for (const route of bodyRoutes) {
      const field = Object.keys(route.fields ?? {})[0];
      if (!field) continue;
      for (const [kind, nested] of [['objects', object], ['arrays', array]] as const) {
        // Built as text: JSON.stringify itself cannot nest this deep.
        const base = JSON.stringify(bodyOf(route, { [field]: '__NESTED__' }));
        const text = base.replace('"__NESTED__"', nested);
        outcomes.push(await call(`${route.method} ${route.path()} ${field}=<${depth} levels of ${kind}, ${text.length} bytes>`, route.method, route.path(), text, headersOf(route)));
      }
    }
  }
  report(problemsOf(outcomes), 'deeply nested bodies did not answer a 4xx envelope');
  await assertNothingChanged();
});

bad('an error answer stays small: it does not echo an inflated copy of a nested value', async () => {
  // 1,000 levels of arrays is a 2 KB value; an error that pretty-prints it answers megabytes.
  const problems: string[] = [];
  const nested = `${'['.repeat(1000)}${']'.repeat(1000)}`;
  for (const route of bodyRoutes) {
    const field = Object.keys(route.fields ?? {})[0];
    if (!field) continue;
    const text = JSON.stringify(bodyOf(route, { [field]: '__NESTED__' })).replace('"__NESTED__"', nested);
    const outcome = await call(`${route.method} ${route.path()} ${field}`, route.method, route.path(), text, headersOf(route));
    const size = outcome.response?.text.length ?? 0;
    const allowed = 64 * 1024 + 4 * text.length;
    if (size > allowed) problems.push(`${outcome.label}: a ${text.length}-byte request got a ${size}-byte answer (status ${outcome.response!.status})`);
  }
  report(problems, 'error answers were inflated copies of the input');
  await assertNothingChanged();
});

bad('a body just over the 1 MB limit answers 413 PayloadTooLargeError on every route, also when chunked', async () => {
  const outcomes: Outcome[] = [];
  for (const route of routes) {
    const padding = 'x'.repeat(ONE_MB + 16);
    const text = JSON.stringify({ ...bodyOf(route), padding });
    const outcome = await call(`${route.method} ${route.path()} ${text.length} bytes`, route.method, route.path(), text, headersOf(route));
    outcomes.push(outcome);
    if (outcome.response && outcome.response.status !== 413) outcomes.push({ label: `${outcome.label} (expected 413)`, error: `status ${outcome.response.status}` });
  }
  // Without Content-Length: the limit must hold on the stream too.
  const chunked = await sendChunked('/api/categories', Buffer.from(JSON.stringify({ data: { name: 'x'.repeat(ONE_MB + 16) } })));
  outcomes.push({ label: 'POST /api/categories chunked', ...chunked });
  if (chunked.response && chunked.response.status !== 413) outcomes.push({ label: 'chunked (expected 413)', error: `status ${chunked.response.status}` });
  report(problemsOf(outcomes), 'oversized bodies did not answer 413 in the envelope');
  await assertNothingChanged();
});

bad('a Content-Encoding the body does not match (gzip, deflate, br, unknown) answers 4xx, not 500', async () => {
  const outcomes: Outcome[] = [];
  for (const encoding of ['gzip', 'deflate', 'br', 'compress', 'x-bogus']) {
    for (const route of bodyRoutes.slice(0, 4)) {
      outcomes.push(await call(`${route.method} ${route.path()} content-encoding: ${encoding}`, route.method, route.path(), JSON.stringify(bodyOf(route)), { ...headersOf(route), 'content-encoding': encoding }));
    }
  }
  report(problemsOf(outcomes), 'mismatched encodings did not answer a 4xx envelope');
  await assertNothingChanged();
});

bad('invalid UTF-8 in a body answers 400 (it is neither stored with replacement characters nor a 5xx)', async () => {
  const outcomes: Outcome[] = [];
  const invalid = [Buffer.from([0xff, 0xfe]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xe2, 0x82]), Buffer.from([0x80])];
  for (const route of bodyRoutes) {
    const field = Object.keys(route.fields ?? {})[0];
    if (!field) continue;
    const [before, after] = JSON.stringify(bodyOf(route, { [field]: 'valid-' })).split('valid-') as [string, string];
    for (const bytes of invalid) {
      const body = Buffer.concat([Buffer.from(`${before}valid-`), bytes, Buffer.from(after)]);
      outcomes.push(await call(`${route.method} ${route.path()} ${field} with bytes ${bytes.toString('hex')}`, route.method, route.path(), body, headersOf(route)));
    }
  }
  report(problemsOf(outcomes), 'invalid UTF-8 bodies did not answer a 4xx envelope');
  await assertNothingChanged();
});

bad('__proto__, constructor and prototype keys in bodies are refused and pollute nothing', async () => {
  const outcomes: Outcome[] = [];
  const payloads = [
    (base: string) => base.replace(/^\{/, '{"__proto__":{"polluted":"yes"},'),
    (base: string) => base.replace(/^\{/, '{"constructor":{"prototype":{"polluted":"yes"}},'),
    (base: string) => base.replace(/^\{/, '{"prototype":{"polluted":"yes"},'),
    (base: string) => base.replace(/^\{"data":\{/, '{"data":{"__proto__":{"polluted":"yes"},'),
    (base: string) => base.replace(/^\{"data":\{/, '{"data":{"constructor":{"prototype":{"polluted":"yes"}},'),
  ];
  for (const route of bodyRoutes) {
    const base = JSON.stringify(bodyOf(route));
    for (const [index, payload] of payloads.entries()) {
      // Content bodies are `{ data }`: their prototype keys go inside `data` (top-level keys other
      // than `data` are not the payload, as in Strapi); `__proto__` is refused anywhere.
      if (route.content && (index === 1 || index === 2)) continue;
      const text = payload(base);
      if (text === base) continue;
      outcomes.push(await call(`${route.method} ${route.path()} ${text.slice(0, 70)}`, route.method, route.path(), text, headersOf(route)));
    }
    for (const field of Object.keys(route.fields ?? {})) {
      for (const value of ['{"__proto__":{"polluted":"yes"}}', '{"constructor":{"prototype":{"polluted":"yes"}}}', '[{"__proto__":{"polluted":"yes"}}]']) {
        const text = JSON.stringify(bodyOf(route, { [field]: '__VALUE__' })).replace('"__VALUE__"', value);
        outcomes.push(await call(`${route.method} ${route.path()} ${field}=${value}`, route.method, route.path(), text, headersOf(route)));
      }
    }
  }
  // Sign-in ignores unknown keys (as Strapi does): its wrong password keeps it a 400 here.
  report(problemsOf(outcomes), 'prototype keys were not refused with a 4xx envelope');
  await assertNothingChanged();
});

bad('__proto__, constructor and prototype keys in query strings pollute nothing and change no answer', async () => {
  const problems: string[] = [];
  const queries = [
    '__proto__[polluted]=yes', '__proto__.polluted=yes', 'constructor[prototype][polluted]=yes', 'prototype[polluted]=yes',
    'filters[__proto__][polluted]=yes', 'filters[constructor][prototype][polluted]=yes', 'sort[__proto__][polluted]=asc',
    'populate[__proto__][polluted]=yes', 'fields[__proto__]=polluted', 'pagination[__proto__][page]=2', 'filters[$and][0][__proto__][polluted]=yes',
    'populate[category][__proto__][polluted]=yes', '__proto__=x', 'filters[title][__proto__]=x', 'filters[title][$in][__proto__]=x',
  ];
  for (const path of ['/api/articles', `/api/articles/${ids.article}`, '/api/homepage', '/api/users', '/api/users/count', '/api/users/me']) {
    const headers = path.startsWith('/api/users') ? admin : {};
    const baseline = await api.send('GET', path, undefined, headers);
    for (const query of queries) {
      const outcome = await call(`GET ${path}?${query}`, 'GET', `${path}?${query}`, undefined, headers);
      if (outcome.error) problems.push(`${outcome.label}: ${outcome.error}`);
      else if (outcome.response!.status >= 400) {
        const problem = envelopeProblem(outcome.response!);
        if (problem) problems.push(`${outcome.label}: ${problem}`);
      } else if (outcome.response!.text !== baseline.text) problems.push(`${outcome.label}: a 2xx that differs from the answer without the key`);
    }
  }
  report(problems, 'prototype keys in query strings misbehaved');
  await assertNothingChanged();
});

bad('a 100 KB query string answers 4xx in the envelope on every route', async () => {
  const outcomes: Outcome[] = [];
  for (const route of routes) {
    const path = route.path();
    const query = `filters[title][$eq]=${'x'.repeat(100 * 1024)}`;
    outcomes.push(await call(`${route.method} ${path}?<100 KB>`, route.method, `${path}${path.includes('?') ? '&' : '?'}${query}`, undefined, headersOf(route)));
  }
  // and a query of many short parameters, under Node's header limit but over ours
  outcomes.push(await call('GET /api/articles?<1,500 parameters>', 'GET', `/api/articles?${Array.from({ length: 1_500 }, (_, i) => `a${i}=1`).join('&')}`));
  report(problemsOf(outcomes.slice(0, -1)), '100 KB query strings did not answer a 4xx envelope');
  const many = outcomes.at(-1)!;
  assert.ok(many.response && many.response.status < 500, `many parameters: ${many.error ?? many.response!.status}`);
  await assertNothingChanged();
});

bad('malformed HTTP (raw bytes in the request line, a bad header, a bad Content-Length) answers 400 in the envelope', async () => {
  const problems: string[] = [];
  const requests: Array<[string, Buffer]> = [
    ['raw 0xff in the path', Buffer.concat([Buffer.from('GET /api/articles/'), Buffer.from([0xff, 0xfe]), Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')])],
    ['raw 0xff in the query', Buffer.concat([Buffer.from('GET /api/articles?locale='), Buffer.from([0xff]), Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')])],
    ['a header name with a space', Buffer.from('GET /api/articles HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: y\r\nConnection: close\r\n\r\n')],
    ['Content-Length: abc', Buffer.from('POST /api/categories HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: abc\r\nConnection: close\r\n\r\n{}')],
  ];
  for (const [label, bytes] of requests) {
    const answer = await rawExchange(bytes);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
    let parsed: any;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    if (status < 400 || status >= 500) problems.push(`${label}: status ${status || 'none'} (${JSON.stringify(answer.slice(0, 80))})`);
    else if (parsed?.data !== null || parsed?.error?.status !== status) problems.push(`${label}: ${status} without the envelope: ${JSON.stringify(answer.slice(0, 120))}`);
  }
  report(problems, 'malformed HTTP requests did not answer in the envelope');
  await assertNothingChanged();
});

bad('unknown locales answer 400 naming them, on every content route', async () => {
  const outcomes: Outcome[] = [];
  const locales = ['xx', 'EN', 'en-XX', '../../etc/passwd', '..%2F..%2Fetc', '%00', 'en%00', 'e'.repeat(5000), '<script>', 'locale[]=en', '__proto__', 'constructor', 'toString'];
  const contentRoutes = routes.filter((route) => route.path().startsWith('/api/articles') || route.path().startsWith('/api/categories') || route.path() === '/api/homepage');
  for (const route of contentRoutes) {
    for (const locale of locales) {
      const query = locale.includes('=') ? locale : `locale=${locale}`;
      const body = route.body ? JSON.stringify(bodyOf(route)) : undefined;
      outcomes.push(await call(`${route.method} ${route.path()}?${query.slice(0, 40)}`, route.method, `${route.path()}?${query}`, body, headersOf(route)));
    }
  }
  // `/api/categories` is not localized, but its locale must still be one of the project's.
  report(problemsOf(outcomes), 'unknown locales did not answer a 4xx envelope');
  assert.match((await api.get('/api/articles?locale=xx')).body.error.message, /xx/);
  await assertNothingChanged();
});

bad('unknown and garbage ids answer 4xx on every route with an id, and reach no file', async () => {
  const outcomes: Outcome[] = [];
  const garbage = [
    'nosuchdocumentid', '..', '..%2F..%2F..%2Fetc%2Fpasswd', '..%2f..%2fconfig%2fusers-permissions', '%2e%2e%2f%2e%2e%2fdata%2fusers', '%00', 'a%00b', '%2F', '%5C..%5C..%5Cwindows',
    'x'.repeat(5000), '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '-1', '0', '1e3', '1.5', '99999999999999999999999', 'NaN', 'Infinity', '%E0%A4%A', '%ff%fe', '*', '%20', 'null', 'undefined',
  ];
  const withIds: Array<{ method: string; base: string; body?: string; auth?: boolean }> = [
    { method: 'GET', base: '/api/articles/' },
    { method: 'PUT', base: '/api/articles/', body: JSON.stringify({ data: { title: 'Overwritten' } }) },
    { method: 'DELETE', base: '/api/articles/' },
    { method: 'GET', base: '/api/categories/' },
    { method: 'PUT', base: '/api/categories/', body: JSON.stringify({ data: { name: 'Overwritten' } }) },
    { method: 'DELETE', base: '/api/categories/' },
    { method: 'GET', base: '/api/users/', auth: true },
    { method: 'PUT', base: '/api/users/', body: JSON.stringify({ username: 'overwritten' }), auth: true },
    { method: 'DELETE', base: '/api/users/', auth: true },
    { method: 'GET', base: '/api/users-permissions/roles/', auth: true },
    { method: 'PUT', base: '/api/users-permissions/roles/', body: JSON.stringify({ description: 'overwritten' }), auth: true },
    { method: 'DELETE', base: '/api/users-permissions/roles/', auth: true },
    { method: 'GET', base: '/api/connect/' },
    { method: 'GET', base: '/api/auth/', auth: false },
  ];
  for (const route of withIds) {
    for (const id of garbage) {
      const path = route.base === '/api/auth/' ? `/api/auth/${id}/callback?code=x&state=y` : `${route.base}${id}`;
      // `0`, `-1`… are not ids of anything here either; a numeric role id must not exist.
      outcomes.push(await call(`${route.method} ${path.slice(0, 80)}`, route.method, path, route.body, route.auth ? admin : {}));
    }
  }
  // And through the raw path, which fetch would have normalised.
  for (const path of ['/api/articles/../../../etc/passwd', '/api/articles/..\\..\\data', '/api/articles/./../users-permissions/roles']) {
    outcomes.push(await call(`DELETE ${path}`, 'DELETE', path));
  }
  report(problemsOf(outcomes), 'garbage ids did not answer a 4xx envelope');
  await assertNothingChanged();
});

bad('negative, enormous, fractional and non-numeric pagination never answers 5xx; the malformed ones answer 400', async () => {
  const problems: string[] = [];
  const malformed = [
    'pagination[page]=99999999999999999999', 'pagination[page]=1e400', 'pagination[page]=NaN', 'pagination[page]=abc', 'pagination[page]=1.5', 'pagination[page]=0x10',
    'pagination[pageSize]=Infinity', 'pagination[pageSize]=-Infinity', 'pagination[pageSize]=1e20', 'pagination[start]=9007199254740993', 'pagination[limit]=-99999999999999999999',
    'pagination[page][$gt]=1', 'pagination[page][]=1', 'pagination=5', 'pagination[withCount]=maybe', 'pagination[page]=1&pagination[start]=1', 'page=abc', 'pageSize=%00',
    'pagination[page]=', 'pagination[pageSize]=1%201', 'pagination[pageSize]=%2B1e1',
  ];
  for (const path of ['/api/articles', '/api/categories']) {
    for (const query of malformed) {
      const outcome = await call(`GET ${path}?${query}`, 'GET', `${path}?${query}`);
      if (outcome.error) problems.push(`${outcome.label}: ${outcome.error}`);
      else {
        const problem = envelopeProblem(outcome.response!);
        // An empty value is "not given" (qs), so it may answer 200.
        if (problem && !(query.endsWith('=') && outcome.response!.status === 200)) problems.push(`${outcome.label}: ${problem}`);
      }
    }
  }
  for (const query of ['start=-2', 'limit=-2', 'start=abc', 'limit=1e400', 'start=99999999999999999999', 'limit=1.5', 'start[$gt]=1', 'limit[]=1']) {
    const outcome = await call(`GET /api/users?${query}`, 'GET', `/api/users?${query}`, undefined, admin);
    const problem = outcome.error ?? envelopeProblem(outcome.response!);
    if (problem) problems.push(`${outcome.label}: ${problem}`);
  }
  // Negative page numbers and sizes: Strapi clamps them (page 1, size 1, start 0); either that or a 400.
  for (const query of ['pagination[page]=-5', 'pagination[pageSize]=-5', 'pagination[pageSize]=0', 'pagination[start]=-5', 'pagination[limit]=-5', 'pagination[page]=-99999999']) {
    const outcome = await call(`GET /api/articles?${query}`, 'GET', `/api/articles?${query}`);
    if (outcome.error) problems.push(`${outcome.label}: ${outcome.error}`);
    else if (outcome.response!.status >= 400) {
      const problem = envelopeProblem(outcome.response!);
      if (problem) problems.push(`${outcome.label}: ${problem}`);
    } else {
      const pagination = outcome.response!.body?.meta?.pagination ?? {};
      const values = [pagination.page, pagination.pageSize, pagination.start, pagination.limit].filter((v) => v !== undefined);
      if (!values.every((v) => Number.isSafeInteger(v) && v >= 0) || (pagination.page ?? 1) < 1) problems.push(`${outcome.label}: answered 200 with pagination ${JSON.stringify(pagination)}`);
    }
  }
  report(problems, 'pagination values misbehaved');
  await assertNothingChanged();
});

bad('malformed query values on every list endpoint answer 400 (operators, sort, fields, populate, status, _q)', async () => {
  const outcomes: Outcome[] = [];
  const queries = [
    'filters=x', 'filters[]=x', 'filters[title]=a&filters[title][$eq]=b', 'filters[views][$gt]=abc', 'filters[views][$in]=x', 'filters[views][$between]=1',
    'filters[$or]=x', 'filters[$and][0]=x', 'filters[$not]=x', 'filters[title][$regex]=.*', 'filters[title][$where]=1', 'filters[title][$eq][$eq]=x',
    'sort[title][x]=asc', 'sort=title:sideways', 'sort=nosuchfield', 'sort[0][title][x]=asc', 'fields=nosuchfield', 'fields[0][x]=title',
    'populate=nosuchfield', 'populate[category][populate][nosuch]=*', 'populate[category][fields]=nosuch', 'populate=title', 'populate[0][0]=x',
    '_q[]=x', '_q[$ne]=x', 'locale[$ne]=x', 'lookup[title]=x',
    `filters${'[$and][0]'.repeat(15)}[title]=x`, `populate${'[category][populate]'.repeat(12)}=*`,
  ];
  for (const path of ['/api/articles', '/api/categories', '/api/homepage', `/api/articles/${ids.article}`, '/api/users', '/api/users/count']) {
    const headers = path.startsWith('/api/users') ? admin : {};
    for (const query of queries) {
      // Users have no status/locale/draft; those parameters are not theirs.
      if (path.startsWith('/api/users') && /^(status|locale|lookup)/.test(query)) continue;
      outcomes.push(await call(`GET ${path}?${query.slice(0, 60)}`, 'GET', `${path}?${query}`, undefined, headers));
    }
  }
  report(problemsOf(outcomes), 'malformed query values did not answer a 4xx envelope');
  await assertNothingChanged();
});

bad('the server still answers normally after all of it, and nothing was polluted', async () => {
  assert.is((await api.get(`/api/articles/${ids.article}`)).status, 200);
  assert.is((await api.get('/api/users/me', admin)).status, 200);
  assert.equal(Object.getOwnPropertyNames(Object.prototype).sort(), protoNames);
  for (const object of [{}, [], Object.create(null) as object, () => 0]) {
    assert.is((object as Record<string, unknown>).polluted, undefined);
  }
  await assertNothingChanged();
});

bad.run();

// ---------------------------------------------------------------------------------------------

/** POST with Transfer-Encoding: chunked (no Content-Length). */
function sendChunked(path: string, bytes: Buffer): Promise<{ response?: JsonResponse; error?: string }> {
  return import('node:http').then(({ request }) => new Promise((resolve) => {
    const url = new URL(api.url);
    const req = request({ host: url.hostname, port: url.port, method: 'POST', path, headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ response: { status: res.statusCode ?? 0, headers: new Headers(), body: parseJson(text), text } }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('no answer in 30 s')));
    // The server may answer 413 and close before the whole body is written.
    req.on('error', (error) => resolve({ error: error.message }));
    for (let offset = 0; offset < bytes.length; offset += 64 * 1024) req.write(bytes.subarray(offset, offset + 64 * 1024));
    req.end();
  }));
}

/** Writes raw bytes on a socket and resolves with everything the server sent back (latin1). */
function rawExchange(bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const url = new URL(api.url);
    let answer = '';
    const socket = connect(Number(url.port), url.hostname, () => socket.write(bytes));
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
  });
}

// ---------------------------------------------------------------------------------------------

const refreshMode = suite('bad input on the refresh-mode routes');

refreshMode('refresh, logout and sessions answer 4xx in the envelope to every bad body, cookie and id', async () => {
  const local = await apiServer({ config: { 'users-permissions': { jwtManagement: 'refresh', ...NO_RATE_LIMIT } } });
  try {
    await local.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse' });
    const session = (await local.post('/api/auth/local', { identifier: 'ada', password: 'correct-horse' })).body;
    const auth = { authorization: `Bearer ${session.jwt}` };
    await local.project.flush();
    const before = await snapshotData(local.dir);
    const outcomes: Array<{ label: string; response?: JsonResponse; error?: string }> = [];
    const send = async (label: string, method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}) => {
      try {
        outcomes.push({ label, response: await local.send(method, path, body, headers) });
      } catch (error) {
        outcomes.push({ label, error: (error as Error).message });
      }
    };
    const bodies = ['{', '[]', '"x"', 'null', '{"refreshToken":5}', '{"refreshToken":{}}', '{"refreshToken":["x"]}', '{"refreshToken":{"$ne":null}}', '{"refreshToken":""}',
      `{"refreshToken":"${'x'.repeat(100_000)}"}`, `{"refreshToken":"${session.jwt}"}`, '{"refreshToken":"a.b.c"}', `{"refreshToken":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
      Buffer.concat([Buffer.from('{"refreshToken":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')])];
    for (const body of bodies) await send(`POST /api/auth/refresh ${String(body).slice(0, 40)}`, 'POST', '/api/auth/refresh', body);
    for (const cookie of ['strapi_up_refresh=', 'strapi_up_refresh=garbage', `strapi_up_refresh=${session.jwt}`, `strapi_up_refresh=${'x'.repeat(6000)}`, 'strapi_up_refresh=%ff%fe', 'strapi_up_refresh="quoted"']) {
      await send(`POST /api/auth/refresh cookie ${cookie.slice(0, 40)}`, 'POST', '/api/auth/refresh', undefined, { cookie });
    }
    for (const body of ['{', '"x"', '{"all":{"$ne":null}}']) await send(`POST /api/auth/logout ${body} (no token)`, 'POST', '/api/auth/logout', body);
    for (const id of ['nosuch', '__proto__', 'constructor', '%00', '..%2F..%2Fusers', 'x'.repeat(5000), '-1', '0']) {
      await send(`DELETE /api/auth/sessions/${id.slice(0, 30)}`, 'DELETE', `/api/auth/sessions/${id}`, undefined, auth);
    }
    for (const query of ['__proto__[x]=1', 'x=' + 'y'.repeat(10_000)]) await send(`GET /api/auth/sessions?${query.slice(0, 30)}`, 'GET', `/api/auth/sessions?${query}`, undefined, { authorization: 'Bearer garbage' });
    const problems: string[] = [];
    for (const outcome of outcomes) {
      const problem = outcome.error ?? envelopeProblem(outcome.response!);
      if (problem) problems.push(`${outcome.label}: ${problem}`);
    }
    assert.ok(problems.length === 0, `${problems.length} bad refresh-mode requests misbehaved:\n  ${problems.slice(0, 12).join('\n  ')}`);
    await local.project.flush();
    const after = await snapshotData(local.dir);
    // Sessions carry lastActiveAt; nothing else may change, and the session must still be there.
    assert.equal(changedFiles(before, after).filter((name) => name !== 'sessions.json'), []);
    assert.is((await local.get('/api/users/me', auth)).status, 200, 'the session survived the bad input');
  } finally {
    await local.close();
  }
});

refreshMode.run();
