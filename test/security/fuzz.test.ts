/**
 * A generated pass over every endpoint: a seeded generator builds a few thousand requests (methods ×
 * paths × query strings from qs-like fragments × JSON bodies from a small grammar, valid-looking
 * ones included) and sends them to one server. Whatever comes in, the server never answers 5xx,
 * every answer is JSON (an empty 204, a 3xx redirect), every 4xx is in the envelope, no answer
 * carries a password hash or the JWT secret, and the server still answers afterwards.
 *
 * Reproduce a failure with `FUZZ_SEED=<seed> node --import tsx test/security/fuzz.test.ts`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import jwt from 'jsonwebtoken';
import { issueToken } from '../../src/auth/index.js';
import type { JsonResponse } from '../_helpers/index.js';
import { PERMISSIONS_ACTION, ROLE_ACTIONS, USER_ACTIONS, apiServer, type ApiServer } from '../_helpers/server.js';
import { envelopeProblem } from './_helpers.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed_f01);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5000);
const CONCURRENCY = 8;

/** mulberry32: a tiny, good-enough seeded PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Rng = ReturnType<typeof prng>;

// ---------------------------------------------------------------------------------------------
// The vocabulary the generator draws from.

const ATTRIBUTES = [
  'title', 'slug', 'body', 'views', 'sections', 'category', 'name', 'articles', 'blocks', 'heading', 'text', '__component',
  'username', 'email', 'password', 'role', 'confirmed', 'blocked', 'provider', 'resetPasswordToken', 'confirmationToken',
  'id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale', 'users', 'permissions', 'description', 'type',
  '__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '', ' ', 'a.b', '$eq', 'x'.repeat(300),
];
const OPERATORS = [
  '$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$null', '$notNull', '$between', '$startsWith', '$startsWithi',
  '$endsWith', '$endsWithi', '$contains', '$containsi', '$notContains', '$notContainsi', '$and', '$or', '$not', '$regex', '$where', '$exists', '$fakeOp', 'eq',
];
const TOP_PARAMS = ['filters', 'sort', 'fields', 'populate', 'pagination', 'locale', 'status', '_q', 'start', 'limit', 'page', 'pageSize', 'where', 'lookup', 'confirmation', 'callback', 'code', 'state', '__proto__', 'constructor', 'x'];
const STRINGS = [
  '', 'a', 'Hello', 'hello', 'News', 'ada', 'ada@example.com', 'ADA@EXAMPLE.COM', 'nobody@example.com', 'correct-horse', 'en', 'fr', '*', 'xx', 'draft', 'published',
  'true', 'false', 'null', 'undefined', '0', '-1', '1', '2', '1.5', '1e308', 'NaN', 'Infinity', '99999999999999999999', '../../etc/passwd', '%00', '\u0000', '<script>alert(1)</script>',
  "' OR 1=1 --", '{{TOKEN}}', '${process.env}', '$scrypt$', 'é'.repeat(40), '🙂', '\ud800', 'x'.repeat(2000), 'title:desc', 'title:sideways', 'category.name', 'shared.quote', 'nope.nope',
  'asc', 'desc', 'https://evil.example/', 'javascript:alert(1)', 'a,b,c', '[object Object]',
];
const PERCENT = ['%', '%2', '%zz', '%E0%A4%A', '%ff%fe', '%00', '%5B', '%5D', '%26', '%3D', '%2F', '%2e%2e', '+', '%20', '%C0%AF', '%ED%A0%80'];

function randomString(r: Rng): string {
  return r.chance(0.8) ? r.pick(STRINGS) : Array.from({ length: r.int(12) }, () => String.fromCharCode(r.chance(0.9) ? 32 + r.int(95) : r.int(0x3000))).join('');
}

function randomScalar(r: Rng): unknown {
  switch (r.int(7)) {
    case 0: return r.int(1000) - 100;
    case 1: return r.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 0.1]);
    case 2: return r.chance(0.5);
    case 3: return null;
    default: return randomString(r);
  }
}

function randomValue(r: Rng, depth: number): unknown {
  if (depth <= 0 || r.chance(0.45)) return randomScalar(r);
  if (r.chance(0.4)) return Array.from({ length: r.int(4) }, () => randomValue(r, depth - 1));
  const object: Record<string, unknown> = {};
  for (let i = r.int(5); i > 0; i--) object[r.chance(0.25) ? r.pick(OPERATORS) : r.pick(ATTRIBUTES)] = randomValue(r, depth - 1);
  return object;
}

/** Valid-looking bodies for each route family, with a field or two bent. */
function plausibleBody(r: Rng, path: string): unknown {
  const email = `${r.pick(['ada', 'grace', 'fuzz', 'nobody', 'ADA'])}${r.chance(0.5) ? r.int(50) : ''}@example.com`;
  let body: Record<string, unknown>;
  if (path.startsWith('/api/auth/local/register')) body = { username: `fuzz${r.int(1000)}`, email, password: 'fuzz-password' };
  else if (path.startsWith('/api/auth/local')) body = { identifier: r.pick(['ada', 'ada@example.com', email]), password: r.pick(['correct-horse', 'wrong']) };
  else if (path.includes('forgot-password') || path.includes('send-email-confirmation')) body = { email };
  else if (path.includes('reset-password')) body = { code: r.pick(['f'.repeat(128), 'x', '']), password: 'new-password', passwordConfirmation: r.pick(['new-password', 'other']) };
  else if (path.includes('change-password')) body = { currentPassword: 'correct-horse', password: 'fuzz-new-pass', passwordConfirmation: 'fuzz-new-pass' };
  else if (path.includes('/auth/refresh')) body = { refreshToken: r.pick(['x', 'eyJ.x.y', '']) };
  else if (path.startsWith('/api/users-permissions/roles')) body = { name: `Fuzz ${r.int(1000)}`, description: 'fuzzed', ...(r.chance(0.3) ? { permissions: randomValue(r, 3) } : {}) };
  else if (path.startsWith('/api/users')) body = { username: `fuzzer${r.int(1000)}`, email, password: 'fuzz-password', ...(r.chance(0.3) ? { role: r.pick([1, 2, 3, 'x', { connect: [1] }]) } : {}) };
  else if (path.startsWith('/api/categories')) body = { data: { name: `Cat ${r.int(10_000)}` } };
  else if (path.startsWith('/api/homepage')) body = { data: { title: randomString(r), blocks: r.chance(0.5) ? [{ __component: r.pick(['shared.quote', 'shared.section', 'nope.nope']), text: randomString(r) }] : [] } };
  else body = { data: { title: `Fuzz ${r.int(10_000)}`, views: r.int(100), ...(r.chance(0.3) ? { sections: [{ heading: randomString(r) }] } : {}) } };
  // Bend it: replace, add or drop a field.
  const target = (body.data ?? body) as Record<string, unknown>;
  const keys = Object.keys(target);
  if (keys.length > 0 && r.chance(0.6)) target[r.pick(keys)] = randomValue(r, 3);
  if (r.chance(0.3)) target[r.pick(ATTRIBUTES)] = randomValue(r, 2);
  if (keys.length > 0 && r.chance(0.15)) delete target[r.pick(keys)];
  return body;
}

function randomQueryKey(r: Rng): string {
  let key = encode(r.pick(TOP_PARAMS));
  for (let depth = r.int(5); depth > 0; depth--) {
    const segment = r.pick([() => r.pick(ATTRIBUTES), () => r.pick(OPERATORS), () => String(r.int(3)), () => '', () => r.pick(['populate', 'fields', 'filters', 'sort', 'on', 'count'])])();
    key += `[${encode(segment)}]`;
  }
  if (r.chance(0.05)) key = key.replace(/\[/, '.');
  return key;
}

/** encodeURIComponent, with a lone surrogate sent as the bytes a careless client would send. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function randomQuery(r: Rng): string {
  if (r.chance(0.25)) return '';
  const parts: string[] = [];
  for (let i = 1 + r.int(4); i > 0; i--) {
    const key = randomQueryKey(r);
    const value = r.chance(0.1) ? r.pick(PERCENT) : encode(randomString(r));
    parts.push(r.chance(0.08) ? key : `${key}=${value}`);
  }
  if (r.chance(0.05)) parts.push(r.pick(PERCENT));
  return `?${parts.join('&')}`;
}

// ---------------------------------------------------------------------------------------------

let api: ApiServer;
let documentIds: string[] = [];
let tokens: string[] = [];

function randomPath(r: Rng): string {
  const id = () => r.pick([...documentIds, 'nosuchdocumentid', '1', '2', '3', '0', '-1', '999999', 'abc', '..%2F..%2Fetc', '%00', '__proto__', 'constructor', 'x'.repeat(300)]);
  return r.pick([
    () => '/api/articles', () => `/api/articles/${id()}`, () => '/api/categories', () => `/api/categories/${id()}`, () => '/api/homepage',
    () => '/api/users', () => '/api/users/me', () => '/api/users/count', () => `/api/users/${id()}`,
    () => '/api/users-permissions/roles', () => `/api/users-permissions/roles/${id()}`, () => '/api/users-permissions/permissions',
    () => '/api/auth/local', () => '/api/auth/local/register', () => '/api/auth/forgot-password', () => '/api/auth/reset-password',
    () => '/api/auth/change-password', () => '/api/auth/email-confirmation', () => '/api/auth/send-email-confirmation', () => '/api/auth/refresh',
    () => '/api/auth/logout', () => '/api/auth/sessions', () => `/api/auth/sessions/${id()}`, () => `/api/connect/${r.pick(['github', 'google', 'acme', '__proto__', 'x'])}`,
    () => `/api/auth/${r.pick(['github', 'acme', 'constructor'])}/callback`, () => '/api/i18n/locales', () => '/api/nothing', () => '/api', () => '/',
  ])();
}

interface FuzzRequest {
  method: string;
  path: string;
  body?: string | Buffer;
  headers: Record<string, string>;
}

function generate(r: Rng): FuzzRequest {
  const path = randomPath(r) + randomQuery(r);
  const method = r.chance(0.85) ? (/(local|password|confirmation$|refresh|logout|register)/.test(path.split('?')[0]!) ? 'POST' : r.pick(['GET', 'GET', 'POST', 'PUT', 'DELETE'])) : r.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']);
  const headers: Record<string, string> = {};
  const token = r.int(10);
  if (token < 3) headers.authorization = `Bearer ${tokens[0]}`;
  else if (token === 3) headers.authorization = `Bearer ${r.pick(tokens)}`;
  else if (token === 4) headers.authorization = r.pick(['Bearer', 'Bearer ', 'Basic YWRhOnB3', 'Bearer a b', `Bearer ${'x'.repeat(3000)}`, 'bearer x.y.z']);
  let body: string | Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'DELETE' ? r.chance(0.9) : r.chance(0.1)) {
    const kind = r.int(10);
    if (kind < 5) body = JSON.stringify(plausibleBody(r, path));
    else if (kind < 7) body = JSON.stringify(r.chance(0.5) ? { data: randomValue(r, 4) } : randomValue(r, 4));
    else if (kind < 9) {
      const text = JSON.stringify(plausibleBody(r, path));
      body = text.slice(0, r.int(text.length)); // truncated
    } else if (r.chance(0.85)) body = Buffer.concat([Buffer.from('{"data":{"title":"'), Buffer.from([0xff, 0xfe, 0x80]), Buffer.from('"}}')]);
    else {
      // Deep nesting in a field, thousands of levels (still far below the body limit).
      const depth = 1000 + r.int(20_000);
      const nested = r.chance(0.5) ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      const text = JSON.stringify(plausibleBody(r, path));
      body = text.replace(/:("[^"]*"|\d+)/, `:${nested}`);
    }
    const type = r.int(20);
    if (type === 0) headers['content-type'] = 'text/plain';
    else if (type === 1) headers['content-type'] = 'application/x-www-form-urlencoded';
    else if (type === 2) headers['content-type'] = 'application/json; charset=utf-16';
    else headers['content-type'] = 'application/json';
  }
  if (body !== undefined && r.chance(0.01)) headers['content-encoding'] = r.pick(['gzip', 'deflate', 'br', 'identity', 'bogus']);
  if (r.chance(0.05)) headers['x-forwarded-for'] = `203.0.113.${r.int(255)}`;
  if (r.chance(0.03)) headers['x-strapi-refresh-cookie'] = 'httpOnly';
  return { method, path, body, headers };
}

function problemOf(request: FuzzRequest, response: JsonResponse, secrets: string[]): string | undefined {
  const encoding = request.headers['content-encoding'] ? ` [content-encoding: ${request.headers['content-encoding']}]` : '';
  const label = `${request.method} ${request.path.slice(0, 120)}${encoding}${typeof request.body === 'string' ? ` ${request.body.slice(0, 120)}` : request.body ? ' <bytes>' : ''}`;
  if (response.status >= 500) return `${label} → ${response.status} ${response.text.slice(0, 160)}`;
  if (secrets.some((secret) => response.text.includes(secret))) return `${label} → a secret in the answer`;
  if (/\$scrypt\$N=\d+,r=\d+,p=\d+\$/.test(response.text)) return `${label} → a password hash in the answer`;
  if (request.method === 'HEAD' || response.status === 204 || (response.status >= 300 && response.status < 400)) {
    if (response.status === 204 && response.text !== '') return `${label} → 204 with a body`;
    if (response.status >= 300 && response.status < 400 && !response.headers.get('location')) return `${label} → ${response.status} without a Location`;
    return undefined;
  }
  if (request.method === 'OPTIONS' && response.status === 200) return undefined;
  if (response.body === undefined) return `${label} → ${response.status}, not JSON: ${JSON.stringify(response.text.slice(0, 80))}`;
  if (response.status >= 400) {
    const problem = envelopeProblem(response);
    if (problem) return `${label} → ${problem}`;
  }
  return undefined;
}

const fuzz = suite('fuzz');

fuzz.before(async () => {
  api = await apiServer({
    authenticatedActions: [...USER_ACTIONS, ...ROLE_ACTIONS, PERMISSIONS_ACTION],
    config: { 'users-permissions': { ratelimit: { enabled: false } } },
  });
  const article = await api.post('/api/articles', { data: { title: 'Hello', slug: 'hello', views: 1, sections: [{ heading: 'One' }] } });
  const category = await api.post('/api/categories', { data: { name: 'News' } });
  await api.put('/api/homepage', { data: { title: 'Home', blocks: [{ __component: 'shared.quote', text: 'hi' }] } });
  documentIds = [article.body.data.documentId, category.body.data.documentId];
  const ada = await api.project.users.create(SYSTEM_ACTOR, { username: 'ada', email: 'ada@example.com', password: 'correct-horse', confirmed: true });
  const grace = await api.project.users.create(SYSTEM_ACTOR, { username: 'grace', email: 'grace@example.com', password: 'correct-horse', confirmed: true, blocked: true });
  const secret = api.project.tokens.secret;
  tokens = [
    issueToken(api.project.tokens, ada.id),
    issueToken(api.project.tokens, grace.id),
    jwt.sign({ id: ada.id }, secret, { expiresIn: -10 }),
    jwt.sign({ id: ada.id }, 'wrong-secret'),
    jwt.sign({ id: 999 }, secret),
    `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(`{"id":${ada.id}}`).toString('base64url')}.`,
    'garbage',
  ];
});

fuzz.after(async () => {
  await api?.close();
});

fuzz(`${REQUESTS} generated requests (seed ${SEED}): never a 5xx, always JSON, errors in the envelope, no secret`, async () => {
  const r = prng(SEED);
  const requests = Array.from({ length: REQUESTS }, () => generate(r));
  const protoNames = Object.getOwnPropertyNames(Object.prototype).sort();
  const secrets = [api.project.tokens.secret];
  const problems: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      try {
        const response = await api.send(request.method, request.path, request.body, request.headers);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const problem = problemOf(request, response, secrets);
        if (problem) problems.push(problem);
      } catch (error) {
        problems.push(`${request.method} ${request.path.slice(0, 120)} → no answer: ${(error as Error).message}`);
      }
    }
  }));
  const elapsed = Date.now() - started;
  const summary = [...statuses.entries()].sort((a, b) => a[0] - b[0]).map(([status, n]) => `${status}×${n}`).join(' ');
  assert.ok(problems.length === 0, `${problems.length} of ${REQUESTS} requests misbehaved (seed ${SEED}; ${summary}):\n  ${problems.slice(0, Number(process.env.FUZZ_SHOW ?? 15)).join('\n  ')}`);
  assert.ok([...statuses.keys()].some((status) => status < 300), `some requests succeeded (${summary})`);
  assert.ok([...statuses.keys()].some((status) => status >= 400), `some requests failed (${summary})`);
  assert.equal(Object.getOwnPropertyNames(Object.prototype).sort(), protoNames, 'Object.prototype unchanged');
  assert.is(({} as Record<string, unknown>).polluted, undefined);
  assert.ok(elapsed < 120_000, `took ${elapsed} ms`);
});

fuzz('the server still answers afterwards, and logged no unexpected failure', async () => {
  assert.is((await api.get('/api/i18n/locales')).status, 200);
  assert.is((await api.get('/api/articles')).status, 200);
  const errors = api.log.filter((line) => / error /.test(line));
  assert.equal(errors.map((line) => line.split('\n')[0]), [], 'no request failed unexpectedly');
});

fuzz.run();
