/** Validation of write payloads over HTTP, as Strapi 5 answers it: 400 ValidationError with details.errors, nothing stored. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { messages } from '../../src/messages.js';
import { storedVersion } from '../_helpers/at-rest.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';

const everything = `
kind: collectionType
info: { singularName: thing, pluralName: things, displayName: Thing }
options: { draftAndPublish: false }
attributes:
  name:     { type: string, required: true, minLength: 2, maxLength: 10 }
  code:     { type: string, regex: "^[A-Z]{3}$", unique: true }
  contact:  { type: email }
  secret:   { type: string, private: true }
  pin:      { type: password }
  slug:     { type: uid, targetField: name }
  kind:     { type: enumeration, enum: [small, large] }
  count:    { type: integer, min: 0, max: 100 }
  big:      { type: biginteger }
  ratio:    { type: float }
  price:    { type: decimal }
  active:   { type: boolean, default: true }
  day:      { type: date }
  at:       { type: datetime }
  time:     { type: time }
  meta:     { type: json }
  text:     { type: blocks }
`;

let api: ApiServer;
const validation = suite('write validation over HTTP');
validation.before(async () => {
  api = await apiServer({ files: { 'content-types/thing.yaml': everything } });
});
validation.after(() => api.close());

async function storedThings(): Promise<number> {
  return (await api.project.documents.documentIds('thing')).length;
}

validation('should store valid values of every type, normalised, with defaults', async () => {
  const response = await api.post('/api/things', {
    data: {
      name: 'Widget', code: 'ABC', contact: 'a@b.co', slug: 'widget', kind: 'small', count: 5, big: '9007199254740993',
      ratio: 0.5, price: 12.3, day: '2024-02-29', at: '2024-01-31T09:30:00+01:00', time: '10:20:30', meta: { any: ['json'] },
      text: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi', bold: true }] }],
    },
  });
  assert.is(response.status, 200, JSON.stringify(response.body));
  const doc = response.body.data;
  assert.is(doc.big, '9007199254740993', 'big integers keep every digit');
  assert.is(doc.at, '2024-01-31T08:30:00.000Z');
  assert.is(doc.time, '10:20:30.000');
  assert.is(doc.active, true, 'the default applies');
  assert.equal(doc.meta, { any: ['json'] });
});

validation('private and password attributes are writable but never returned', async () => {
  const response = await api.post('/api/things', { data: { name: 'Hidden', secret: 's3cret', pin: 'p4ss' } });
  assert.is(response.status, 200);
  assert.not.ok('secret' in response.body.data);
  assert.not.ok('pin' in response.body.data);
  const list = await api.get('/api/things');
  assert.not.match(list.text, /s3cret|p4ss/);
  const stored = await storedVersion(api, 'thing', response.body.data.documentId, 'published', 'default');
  assert.match(stored.pin, /^\$scrypt\$N=\d+,r=\d+,p=\d+\$/, 'a password attribute is stored hashed');
  assert.is(stored.secret, 's3cret', 'a private attribute is stored as given');
});

validation('a missing required attribute and several wrong values answer one 400 listing every error', async () => {
  const before = await storedThings();
  const response = await api.post('/api/things', { data: { count: 101, kind: 'medium', contact: 'nope' } });
  assert.is(response.status, 400);
  assert.is(response.body.error.name, 'ValidationError');
  assert.is(response.body.error.message, '4 errors occurred');
  const paths = response.body.error.details.errors.map((error: { path: string[] }) => error.path.join('.')).sort();
  assert.equal(paths, ['contact', 'count', 'kind', 'name']);
  assert.is(await storedThings(), before, 'nothing was stored');
});

validation('each rule has its message', async () => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ name: 'x' }, 'name must be at least 2 characters'],
    [{ name: 'x'.repeat(11) }, 'name must be at most 10 characters'],
    [{ name: 42 }, 'name must be a `string` type, but the final value was: `42`.'],
    [{ name: 'ok', code: 'abc' }, 'code must match the following: "/^[A-Z]{3}$/"'],
    [{ name: 'ok', contact: 'not-an-email' }, 'contact must be a valid email'],
    [{ name: 'ok', kind: 'medium' }, 'kind must be one of the following values: small, large'],
    [{ name: 'ok', count: -1 }, 'count must be greater than or equal to 0'],
    [{ name: 'ok', count: 1.5 }, 'count must be an integer'],
    [{ name: 'ok', slug: 'not a slug' }, 'slug must match the following: "/^[A-Za-z0-9-_.~]*$/"'],
  ];
  for (const [data, message] of cases) {
    const response = await api.post('/api/things', { data });
    assert.is(response.status, 400, JSON.stringify(data));
    assert.is(response.body.error.message, message);
    assert.is(response.body.error.details.errors[0].message, message);
  }
  const blocks = await api.post('/api/things', { data: { name: 'ok', text: [{ type: 'paragraph', children: [{ type: 'script' }] }] } });
  assert.is(blocks.status, 400);
  assert.match(blocks.body.error.message, /text\[0\]\.children\[0\]/);
});

validation('a unique value already used by another document is refused', async () => {
  assert.is((await api.post('/api/things', { data: { name: 'First', code: 'UNQ' } })).status, 200);
  const duplicate = await api.post('/api/things', { data: { name: 'Second', code: 'UNQ' } });
  assert.is(duplicate.status, 400);
  assert.is(duplicate.body.error.message, 'This attribute must be unique');
  assert.equal(duplicate.body.error.details.errors[0].path, ['code']);
});

validation('PUT checks only the given keys, but a required attribute cannot be cleared', async () => {
  const created = (await api.post('/api/things', { data: { name: 'Keep' } })).body.data;
  assert.is((await api.put(`/api/things/${created.documentId}`, { data: { count: 9 } })).status, 200);
  const cleared = await api.put(`/api/things/${created.documentId}`, { data: { name: null } });
  assert.is(cleared.status, 400);
  assert.is(cleared.body.error.message, 'name must be a `string` type, but the final value was: `null`.');
});

validation('numbers, booleans and dates sent as strings are stored as Strapi casts them, on create and update', async () => {
  const created = await api.post('/api/things', {
    data: { name: 'Form', count: '11', ratio: ' 0.5 ', price: '12.30', big: 42, active: 'false', day: '2024-02-29T10:00:00.000Z', at: '1706693400000' },
  });
  assert.is(created.status, 200, created.text);
  const doc = created.body.data;
  assert.equal([doc.count, doc.ratio, doc.price, doc.big, doc.active, doc.day, doc.at], [11, 0.5, 12.3, '42', false, '2024-02-29', '2024-01-31T09:30:00.000Z']);
  const updated = await api.put(`/api/things/${doc.documentId}`, { data: { count: '12', active: 'TRUE' } });
  assert.is(updated.status, 200, updated.text);
  assert.equal([updated.body.data.count, updated.body.data.active], [12, true]);
  const stored = await api.get(`/api/things/${doc.documentId}`);
  assert.equal([stored.body.data.count, stored.body.data.active], [12, true], 'stored as numbers and booleans, not strings');
});

validation('a string that is not a number or a boolean stays a 400 naming the field, and nothing is stored', async () => {
  const before = await storedThings();
  for (const [data, message] of [
    [{ name: 'ok', count: 'ten' }, 'count must be a `number` type, but the final value was: `NaN` (cast from the value `"ten"`).'],
    [{ name: 'ok', count: '101' }, 'count must be less than or equal to 100'],
    [{ name: 'ok', active: 'yes' }, 'active must be a `boolean` type, but the final value was: `"yes"`.'],
  ] as const) {
    const response = await api.post('/api/things', { data });
    assert.is(response.status, 400, JSON.stringify(data));
    assert.is(response.body.error.message, message);
    assert.equal(response.body.error.details.errors[0].path, [Object.keys(data)[1]]);
  }
  assert.is(await storedThings(), before);
});

validation('Invalid key names the place as Strapi does: the key, then the dotted path of its parent; details keep key and full path', async () => {
  const cases: Array<[string, unknown, string, Record<string, unknown>]> = [
    ['/api/articles', { data: { title: 'T', bogus: 1 } }, 'Invalid key bogus', { key: 'bogus', path: 'bogus', source: 'body' }],
    ['/api/articles', { data: { title: 'T', sections: [{ heading: 'ok' }, { bogus: 1 }] } }, 'Invalid key bogus at sections', { key: 'bogus', path: 'sections.1.bogus', source: 'body' }],
    ['/api/articles', { data: { title: 'T', category: { connect: [], nope: [] } } }, 'Invalid key nope at category', { key: 'nope', path: 'category.nope', source: 'body' }],
  ];
  for (const [path, body, message, details] of cases) {
    const response = await api.post(path, body);
    assert.is(response.status, 400, JSON.stringify(body));
    assert.is(response.body.error.message, message);
    assert.equal(response.body.error.details, details);
  }
  const query = await api.get('/api/articles?filters[views][$foo]=1');
  assert.is(query.status, 400);
  assert.is(query.body.error.message, 'Invalid key $foo at views');
  assert.equal(query.body.error.details, { key: '$foo', path: 'views.$foo', source: 'query', param: 'filters' });
  const nested = await api.get('/api/articles?populate[category][fields][0]=nope');
  assert.is(nested.body.error.message, 'Invalid key nope at category');
});

validation('a write whose body is not sent as JSON (text/plain, or no Content-Type) is a 400 saying so, and nothing is stored', async () => {
  const created = (await api.post('/api/things', { data: { name: 'Typed' } })).body.data;
  const before = await storedThings();
  const json = JSON.stringify({ data: { name: 'Plain' } });
  const writes: Array<[string, string]> = [['POST', '/api/things'], ['PUT', `/api/things/${created.documentId}`]];
  for (const [method, path] of writes) {
    const plain = await api.send(method, path, json, { 'content-type': 'text/plain' });
    assert.is(plain.status, 400, `${method} text/plain`);
    assert.equal(plain.body, { data: null, error: { status: 400, name: 'BadRequestError', message: messages.notJson('text/plain'), details: {} } });
    // fetch sends bytes without a Content-Type.
    const untyped = await fetch(`${api.url}${path}`, { method, body: new TextEncoder().encode(json) });
    assert.is(untyped.status, 400, `${method} without a Content-Type`);
    assert.is(((await untyped.json()) as { error: { message: string } }).error.message, messages.notJson(''));
  }
  assert.is(await storedThings(), before, 'nothing was stored');
  assert.is((await api.get(`/api/things/${created.documentId}`)).body.data.name, 'Typed', 'nothing was changed');
});

validation('prototype keys in a body are refused and pollute nothing', async () => {
  const response = await api.post('/api/things', '{"data":{"name":"ok","__proto__":{"polluted":true}}}');
  assert.is(response.status, 400);
  assert.is(({} as Record<string, unknown>).polluted, undefined);
});

validation.run();
