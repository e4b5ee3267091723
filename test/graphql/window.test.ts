/**
 * windowOf(pagination, settings): the rows a GraphQL list asks for, as Strapi's plugin reads its
 * `pagination` argument.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PaginationError, ValidationError } from '../../src/errors.js';
import { windowOf } from '../../src/graphql/context.js';
import { graphqlMessages } from '../../src/graphql/messages.js';
import { queryMessages } from '../../src/model/index.js';
import { expectError } from '../_helpers/index.js';

const settings = { defaultLimit: 10, maxLimit: 100 };
const test = suite('windowOf(pagination, settings)');

test('no pagination is the first defaultLimit rows', () => {
  for (const given of [undefined, null, {}]) assert.equal(windowOf(given, settings), { start: 0, limit: 10 });
});

test('pages count from 1, and a page size over maxLimit is cut to it', () => {
  assert.equal(windowOf({ page: 3, pageSize: 5 }, settings), { start: 10, limit: 5 });
  assert.equal(windowOf({ page: 2 }, settings), { start: 10, limit: 10 });
  assert.equal(windowOf({ pageSize: 1000 }, settings), { start: 0, limit: 100 });
  assert.equal(windowOf({ page: 2, pageSize: 1000 }, settings), { start: 100, limit: 100 });
});

test('offsets: limit -1 is maxLimit, a larger limit is cut, 0 is no row', () => {
  assert.equal(windowOf({ start: 7 }, settings), { start: 7, limit: 10 });
  assert.equal(windowOf({ limit: -1 }, settings), { start: 0, limit: 100 });
  assert.equal(windowOf({ start: 2, limit: 5000 }, settings), { start: 2, limit: 100 });
  assert.equal(windowOf({ limit: 0 }, settings), { start: 0, limit: 0 });
});

test('pages and offsets together are a PaginationError, out-of-range values a ValidationError naming them', () => {
  const mixed = expectError(() => windowOf({ page: 1, limit: 2 }, settings));
  assert.ok(mixed instanceof PaginationError);
  assert.is(mixed.message, queryMessages.mixedPagination);
  const table: Array<[Record<string, number>, string]> = [
    [{ page: 0 }, graphqlMessages.pageBelowOne],
    [{ pageSize: 0 }, graphqlMessages.pageSizeBelowOne],
    [{ start: -1 }, graphqlMessages.startBelowZero],
    [{ limit: -2 }, graphqlMessages.limitBelowZero],
  ];
  for (const [given, message] of table) {
    const error = expectError(() => windowOf(given, settings));
    assert.ok(error instanceof ValidationError, JSON.stringify(given));
    assert.is(error.message, message);
  }
});

test.run();
