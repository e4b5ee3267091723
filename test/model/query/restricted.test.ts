import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseContentQuery, parseQueryString, parseUsersQuery } from '../../../src/model/index.js';
import { expectError, expectSuccess } from '../../_helpers/index.js';
import { article, lookupWithout, REST, user } from './_fixtures.js';

const restricted = suite('parseContentQuery(raw, model, lookup, rest): relations the caller may not read');

const noCategories = lookupWithout('api::category.category');
const parse = (search: string, models = noCategories) => parseContentQuery(parseQueryString(search), article, models, REST);

restricted('should leave the relation out of populate, wherever it is asked for', () => {
  const table: Array<[string, object]> = [
    ['populate=category', {}],
    ['populate=*', { tags: {}, author: {}, sections: {}, seo: {}, blocks: {}, localizations: {} }],
    ['populate=category.articles,tags', { tags: {} }],
    ['populate[category][populate]=articles&populate[tags]=true', { tags: {} }],
    ['populate[blocks][populate]=*', { blocks: { on: { 'shared.section': {}, 'shared.quote': {} } } }],
    ['populate[blocks][on][shared.quote][populate]=by', { blocks: { on: { 'shared.quote': {} } } }],
    ['populate[tags][populate]=*', { tags: {} }],
  ];
  for (const [search, expected] of table) assert.equal(expectSuccess(() => parse(search)).populate, expected, search);
});

restricted('should still validate what is asked below it, so a query is valid or not whoever asks', () => {
  for (const search of ['populate[category][fields][0]=internalNote', 'populate=category.nothing', 'populate[category][populate][articles][filters][secret]=x']) {
    assert.is(expectError(() => parse(search)).name, 'ValidationError', search);
    assert.is(expectError(() => parse(search, lookupWithout())).message, expectError(() => parse(search)).message, search);
  }
});

restricted('should refuse a filter or a sort through it with Invalid key, like an unknown attribute', () => {
  for (const search of [
    'filters[category][name]=News',
    'filters[category]=3',
    'filters[$or][0][category][name]=x',
    'filters[$and][0][$not][category][id][$gt]=1',
    'sort=category.name',
    'sort[category][name]=asc',
    'populate[tags][sort]=label&sort[0]=category.name:desc',
  ]) {
    const error = expectError(() => parse(search));
    assert.is(error.name, 'ValidationError', search);
    assert.is(error.details.key, 'category', search);
  }
});

restricted('should apply below other relations too: a readable relation cannot lead to an unreadable one', () => {
  const noRoles = lookupWithout('plugin::users-permissions.role');
  assert.equal(expectSuccess(() => parse('populate=author.role', noRoles)).populate, { author: {} });
  assert.is(expectError(() => parse('filters[author][role][name]=x', noRoles)).details.key, 'role');
  assert.is(expectError(() => parse('populate[author][filters][role][type]=public', noRoles)).details.key, 'role');
  assert.equal(expectSuccess(() => parseUsersQuery(parseQueryString('populate=role'), user, noRoles)).populate, {});
});

restricted('should change nothing for a caller who may read every target', () => {
  const all = lookupWithout();
  assert.equal(expectSuccess(() => parse('populate=category', all)).populate, { category: {} });
  assert.ok(expectSuccess(() => parse('filters[category][name]=News&sort=category.name', all)).filters);
});

restricted.run();
