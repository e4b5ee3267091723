import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseQueryString, parseUsersQuery, queryMessages } from '../../../src/model/index.js';
import { expectError, expectSuccess } from '../../_helpers/index.js';
import { lookup, user } from './_fixtures.js';

const users = suite('parseUsersQuery(raw, userModel, lookup)');

const parsed = (search: string) => expectSuccess(() => parseUsersQuery(parseQueryString(search), user, lookup));
const refused = (search: string) => expectError(() => parseUsersQuery(parseQueryString(search), user, lookup));

users('should return every row from the start when no limit is given', () => {
  assert.equal(parsed(''), { sort: [], populate: {}, start: 0 });
});

users('should apply filters, sort, fields, populate, _q and top-level start/limit', () => {
  assert.equal(parsed('filters[username]=User 1&sort=username:desc&fields=username&populate=role&_q=ada&start=5&limit=10'), {
    filters: { kind: 'field', field: 'username', type: 'string', operator: '$eq', value: 'User 1' },
    sort: [{ path: ['username'], order: 'desc' }],
    fields: ['id', 'documentId', 'username'],
    populate: { role: {} },
    q: 'ada',
    start: 5,
    limit: 10,
  });
  assert.equal(parsed('filters[role][name]=Authenticated').filters, {
    kind: 'relation',
    field: 'role',
    target: 'plugin::users-permissions.role',
    filter: { kind: 'field', field: 'name', type: 'string', operator: '$eq', value: 'Authenticated' },
  });
});

users('should ignore page, pageSize, pagination[...], where and other keys', () => {
  assert.equal(parsed('page=2&pageSize=1&pagination[page]=3&pagination[limit]=1&where[id]=1&status=draft&lookup=1'), parsed(''));
});

users('should read limit=-1 as no limit and allow limit=0', () => {
  assert.is(parsed('limit=-1').limit, undefined);
  assert.is(parsed('limit=0').limit, 0);
});

users('when start or limit is not a non-negative integer then 400', () => {
  assert.is(refused('start=-1').message, queryMessages.invalidStart);
  assert.is(refused('start=abc').message, queryMessages.invalidStart);
  assert.is(refused('limit=-2').message, queryMessages.invalidLimit);
  assert.is(refused('limit=1.5').message, queryMessages.invalidLimit);
});

users('when filters, sort or fields name a secret then 400 Invalid key', () => {
  for (const key of ['password', 'resetPasswordToken', 'confirmationToken']) {
    for (const search of [`filters[${key}][$startsWith]=a`, `sort=${key}`, `fields=${key}`]) {
      const error = refused(search);
      assert.is(error.name, 'ValidationError', search);
      assert.is(error.message, `Invalid key ${key}`, search);
    }
  }
  assert.is(refused('filters[role][users][password][$null]=false').message, 'Invalid key password at role.users');
});

users('should refuse the User secrets even when the model forgot to mark them private', () => {
  const careless = { ...user, attributes: { ...user.attributes, resetPasswordToken: { type: 'string' as const } } };
  const error = expectError(() => parseUsersQuery(parseQueryString('filters[resetPasswordToken][$startsWith]=a'), careless, lookup));
  assert.is(error.message, 'Invalid key resetPasswordToken');
});

users.run();
