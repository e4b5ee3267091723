import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_QUERY_BYTES, parseQueryString, queryMessages } from '../../../src/model/index.js';
import { expectError, expectSuccess } from '../../_helpers/index.js';

const parse = suite('parseQueryString(search)');

parse('should parse brackets, arrays and bare keys as Strapi does (strictNullHandling)', () => {
  assert.equal(expectSuccess(() => parseQueryString('?filters[title][$eq]=Hello&sort[0]=title:desc&populate')), {
    filters: { title: { $eq: 'Hello' } },
    sort: ['title:desc'],
    populate: null,
  });
});

parse('should accept the string without its leading ?', () => {
  assert.equal(expectSuccess(() => parseQueryString('a=1&a=2')), { a: ['1', '2'] });
});

parse('should keep arrays longer than 100 entries as objects with index keys (arrayLimit)', () => {
  const result = expectSuccess(() => parseQueryString('a[101]=x')) as { a: unknown };
  assert.equal(result.a, { 101: 'x' });
});

parse('should drop keys that would reach Object.prototype', () => {
  const result = expectSuccess(() => parseQueryString('filters[__proto__][x]=1&__proto__[polluted]=1'));
  assert.equal(result, {});
  assert.is(({} as Record<string, unknown>).polluted, undefined);
});

parse('when the string is over 16 KB then a ValidationError', () => {
  const error = expectError(() => parseQueryString(`_q=${'a'.repeat(MAX_QUERY_BYTES)}`));
  assert.is(error.name, 'ValidationError');
  assert.is(error.message, queryMessages.queryTooLong(MAX_QUERY_BYTES));
});

parse('when the nesting is deeper than 20 levels then a ValidationError, not a RangeError', () => {
  const deep = `filters${'[$and][0]'.repeat(11)}[title]=x`;
  const error = expectError(() => parseQueryString(deep));
  assert.is(error.name, 'ValidationError');
  assert.is(error.message, queryMessages.queryTooDeep(20));
});

parse('should accept nesting of exactly 20 levels', () => {
  const search = `x${'[a]'.repeat(20)}=1`;
  let value: unknown = expectSuccess(() => parseQueryString(search)).x;
  for (let i = 0; i < 20; i++) value = (value as Record<string, unknown>).a;
  assert.is(value, '1');
});

parse.run();
