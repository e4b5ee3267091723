import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Attribute } from '../../../src/schema/index.js';
import { validationMessages as m } from '../../../src/model/index.js';
import { expectSuccess } from '../../_helpers/index.js';
import { component, rejects, validate } from './_helpers.js';

const test = suite('validateDocumentInput(data, model, options) — strings, uids and enumerations');

type Case = [name: string, attribute: Attribute, value: unknown, expected: { value: unknown } | { message: string }];

const cases: Case[] = [
  // every string-like type takes strings and refuses anything else with yup's type message
  ...(['string', 'text', 'richtext', 'email', 'password', 'uid'] as const).map((type): Case => [`${type} takes a string`, { type } as Attribute, type === 'email' ? 'a@b.co' : 'hello', { value: type === 'email' ? 'a@b.co' : 'hello' }]),
  ...(['string', 'text', 'richtext', 'email', 'password', 'uid', 'enumeration'] as const).flatMap((type): Case[] =>
    [12, true, ['x'], { a: 1 }].map((value): Case => [`${type} refuses ${JSON.stringify(value)}`, (type === 'enumeration' ? { type, enum: ['a'] } : { type }) as Attribute, value, { message: m.type('field', 'string', value) }]),
  ),
  ['the type message quotes a string value as yup does', { type: 'boolean' }, 'yes', { message: 'field must be a `boolean` type, but the final value was: `"yes"`.' }],
  ['the type message prints a number bare', { type: 'string' }, 12, { message: 'field must be a `string` type, but the final value was: `12`.' }],
  // lengths
  ['minLength refuses a shorter string', { type: 'string', minLength: 3 }, 'ab', { message: 'field must be at least 3 characters' }],
  ['minLength refuses the empty string', { type: 'text', minLength: 1 }, '', { message: m.minLength('field', 1) }],
  ['minLength accepts exactly the minimum', { type: 'string', minLength: 3 }, 'abc', { value: 'abc' }],
  ['maxLength refuses a longer string', { type: 'richtext', maxLength: 3 }, 'abcd', { message: 'field must be at most 3 characters' }],
  ['maxLength accepts exactly the maximum', { type: 'password', maxLength: 3 }, 'abc', { value: 'abc' }],
  // regex
  ['regex refuses a mismatch and shows the pattern', { type: 'string', regex: '^[a-z]+$' }, 'ABC', { message: 'field must match the following: "/^[a-z]+$/"' }],
  ['regex accepts a match', { type: 'string', regex: '^[a-z]+$' }, 'abc', { value: 'abc' }],
  ['regex lets an optional empty string through', { type: 'string', regex: '^[a-z]+$' }, '', { value: '' }],
  ['regex applies to the empty string of a required attribute', { type: 'string', regex: '^[a-z]+$', required: true }, '', { message: m.matches('field', /^[a-z]+$/) }],
  // email
  ['email refuses a string without @', { type: 'email' }, 'not-an-email', { message: 'field must be a valid email' }],
  ['email refuses spaces', { type: 'email' }, 'a b@c.de', { message: m.email('field') }],
  ['email refuses the empty string', { type: 'email' }, '', { message: 'field cannot be empty' }],
  ['email accepts plus addressing', { type: 'email' }, 'ana+news@example.org', { value: 'ana+news@example.org' }],
  // uid
  ['uid accepts the URL-safe alphabet', { type: 'uid' }, 'Hello-world_1.0~x', { value: 'Hello-world_1.0~x' }],
  ['uid refuses a space', { type: 'uid' }, 'hello world', { message: 'field must match the following: "/^[A-Za-z0-9-_.~]*$/"' }],
  ['uid refuses a slash', { type: 'uid' }, 'a/b', { message: m.matches('field', /^[A-Za-z0-9-_.~]*$/) }],
  ['uid applies maxLength too', { type: 'uid', maxLength: 2 }, 'abc', { message: m.maxLength('field', 2) }],
  // enumeration
  ['enumeration accepts a listed value', { type: 'enumeration', enum: ['draft', 'final'] }, 'final', { value: 'final' }],
  ['enumeration refuses another value and lists the allowed ones', { type: 'enumeration', enum: ['draft', 'final'] }, 'other', { message: 'field must be one of the following values: draft, final' }],
  ['enumeration is case-sensitive', { type: 'enumeration', enum: ['draft', 'final'] }, 'Final', { message: m.oneOf('field', ['draft', 'final']) }],
];

test('should check each string-like type as the table says', () => {
  for (const [name, attribute, value, expected] of cases) {
    if ('value' in expected) {
      assert.equal(expectSuccess(() => validate({ field: value }, { field: attribute })), { field: expected.value }, name);
    } else {
      const error = rejects(() => validate({ field: value }, { field: attribute }));
      assert.is(error.message, expected.message, name);
      assert.equal(error.errors, [{ path: ['field'], message: expected.message, name: 'ValidationError', value }], name);
    }
  }
});

test('when a string breaks several rules then each is reported', () => {
  const error = rejects(() => validate({ code: 'A' }, { code: { type: 'string', minLength: 2, regex: '^[a-z]+$' } }));
  assert.is(error.message, '2 errors occurred');
  assert.equal(error.errors.map((issue) => issue.message), [m.minLength('code', 2), m.matches('code', /^[a-z]+$/)]);
  assert.equal(error.paths, ['code', 'code']);
});

test('when only the draft is written then minLength waits, as in Strapi, but maxLength still applies', () => {
  const attribute: Attribute = { type: 'string', minLength: 5, maxLength: 6 };
  assert.equal(expectSuccess(() => validate({ title: 'ab' }, { title: attribute }, { draft: true })), { title: 'ab' });
  assert.equal(rejects(() => validate({ title: 'abcdefg' }, { title: attribute }, { draft: true })).paths, ['title']);
});

// --- uniqueness --------------------------------------------------------------------------------

test('should ask isUnique about unique attributes with the name, the value and the path', () => {
  const asked: unknown[] = [];
  const attributes: Record<string, Attribute> = {
    email: { type: 'email', unique: true },
    slug: { type: 'uid' },
    kind: { type: 'enumeration', enum: ['a', 'b'], unique: true },
    title: { type: 'string' },
  };
  const isUnique = (attribute: string, value: unknown, path: string[]) => (asked.push([attribute, value, path]), true);
  expectSuccess(() => validate({ email: 'a@b.co', slug: 'hello', kind: 'a', title: 't' }, attributes, { isUnique }));
  assert.equal(asked, [
    ['email', 'a@b.co', ['email']],
    ['slug', 'hello', ['slug']],
    ['kind', 'a', ['kind']],
  ]);
});

test('when isUnique says no then "This attribute must be unique" with the path', () => {
  const attributes: Record<string, Attribute> = { email: { type: 'email', unique: true }, slug: { type: 'uid' } };
  const error = rejects(() => validate({ email: 'a@b.co', slug: 'taken' }, attributes, { isUnique: () => false }));
  assert.is(error.message, '2 errors occurred');
  assert.equal(error.errors, [
    { path: ['email'], message: 'This attribute must be unique', name: 'ValidationError', value: 'a@b.co' },
    { path: ['slug'], message: m.unique, name: 'ValidationError', value: 'taken' },
  ]);
});

test('should not ask isUnique about null or about a value that already failed', () => {
  const asked: unknown[] = [];
  const attributes: Record<string, Attribute> = { slug: { type: 'uid' }, code: { type: 'string', unique: true, maxLength: 2 } };
  const isUnique = (attribute: string) => (asked.push(attribute), true);
  expectSuccess(() => validate({ slug: null }, attributes, { isUnique }));
  rejects(() => validate({ slug: 'a b', code: 'abc' }, attributes, { isUnique }));
  assert.equal(asked, []);
});

test('when two entries of a repeatable component repeat a unique value then the second is refused without asking the service', () => {
  const link = component('shared.link', { slug: { type: 'uid' }, label: { type: 'string' } });
  const attributes: Record<string, Attribute> = { links: { type: 'component', repeatable: true, component: 'shared.link' } };
  const asked: unknown[] = [];
  const error = rejects(() =>
    validate({ links: [{ slug: 'a' }, { slug: 'b' }, { slug: 'a' }] }, attributes, { components: [link], isUnique: (_a, _v, path) => (asked.push(path), true) }),
  );
  assert.is(error.message, m.unique);
  assert.equal(error.paths, ['links.2.slug']);
  assert.equal(asked, [['links', '0', 'slug'], ['links', '1', 'slug']]);
});

test.run();
