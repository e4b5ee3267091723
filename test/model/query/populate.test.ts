import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseContentQuery, queryMessages, type PopulateTree } from '../../../src/model/index.js';
import { expectError, expectSuccess } from '../../_helpers/index.js';
import { article, lookup, query, REST } from './_fixtures.js';

const populate = suite('parseContentQuery(raw, model, lookup, rest): populate');

const parsed = (search: string) => expectSuccess(() => query(search)).populate;

populate('should populate every relation, component and dynamic zone for *, and a localized type\'s localizations, but no private relation', () => {
  assert.equal(parsed('populate=*'), { category: {}, tags: {}, author: {}, sections: {}, seo: {}, blocks: {}, localizations: {} });
  assert.equal(parsed('populate[0]=*'), parsed('populate=*'));
});

populate('should populate nothing when absent, empty or false', () => {
  for (const search of ['', 'populate=', 'populate', 'populate[category]=false', 'populate[category]=0']) {
    assert.equal(parsed(search), {}, search);
  }
});

populate('should read comma strings, lists and dot paths validated segment by segment', () => {
  const table: Array<[string, PopulateTree]> = [
    ['populate=category', { category: {} }],
    ['populate=category,sections', { category: {}, sections: {} }],
    ['populate[0]=category&populate[1]=tags', { category: {}, tags: {} }],
    ['populate=category.articles', { category: { populate: { articles: {} } } }],
    ['populate=category,category.articles.author.role', { category: { populate: { articles: { populate: { author: { populate: { role: {} } } } } } } }],
    ['populate=author.role,author', { author: { populate: { role: {} } } }],
    ['populate=blocks', { blocks: {} }],
  ];
  for (const [search, expected] of table) assert.equal(parsed(search), expected, search);
});

populate('should read the object form with fields, filters, sort, populate and count parsed against the target', () => {
  assert.equal(parsed('populate[category]=true&populate[tags]=*'), { category: {}, tags: {} });
  assert.equal(parsed('populate[category][fields][0]=name'), { category: { fields: ['id', 'documentId', 'name'] } });
  assert.equal(parsed('populate[category][filters][name][$eq]=News&populate[category][sort]=name:desc'), {
    category: {
      filters: { kind: 'field', field: 'name', type: 'string', operator: '$eq', value: 'News' },
      sort: [{ path: ['name'], order: 'desc' }],
    },
  });
  assert.equal(parsed('populate[category][populate][articles][fields]=title'), {
    category: { populate: { articles: { fields: ['id', 'documentId', 'title'] } } },
  });
  assert.equal(parsed('populate[category][populate]=*'), { category: { populate: { articles: {} } } });
  assert.equal(parsed('populate[tags][count]=true'), { tags: { count: true } });
  assert.equal(parsed('populate[sections][fields][0]=heading'), { sections: { fields: ['heading'] } });
  assert.equal(parsed('populate[sections][sort]=order:desc'), { sections: { sort: [{ path: ['order'], order: 'desc' }] } });
});

populate('should read dynamic-zone fragments, count and populate=*', () => {
  assert.equal(parsed('populate[blocks][on][shared.section][fields][0]=heading'), {
    blocks: { on: { 'shared.section': { fields: ['heading'] } } },
  });
  assert.equal(parsed('populate[blocks][on][shared.section]=true&populate[blocks][on][shared.quote][populate]=by'), {
    blocks: { on: { 'shared.section': {}, 'shared.quote': { populate: { by: {} } } } },
  });
  assert.equal(parsed('populate[blocks][populate]=*'), {
    blocks: { on: { 'shared.section': {}, 'shared.quote': { populate: { by: {} } } } },
  });
  assert.equal(parsed('populate[blocks][count]=true'), { blocks: { count: true } });
  assert.equal(parsed('populate[blocks]=true'), { blocks: {} });
});

populate('when a dynamic zone gets anything but on, count or * then 400 Invalid nested populate', () => {
  for (const search of [
    'populate[blocks][fields][0]=heading',
    'populate[blocks][filters][heading]=x',
    'populate[blocks][sort]=heading',
    'populate[blocks][populate]=by',
    'populate[blocks][on]=x',
    'populate=blocks.heading',
  ]) {
    const error = expectError(() => query(search));
    assert.is(error.name, 'ValidationError', search);
    assert.is(error.message, queryMessages.invalidNestedPopulate('blocks'), search);
  }
});

populate('should read a window of a populated list (start, limit), as the document service takes it', () => {
  assert.equal(parsed('populate[tags][start]=2&populate[tags][limit]=5'), { tags: { start: 2, limit: 5 } });
  assert.equal(parsed('populate[sections][limit]=0'), { sections: { limit: 0 } });
  for (const search of ['populate[tags][limit]=-1', 'populate[tags][start]=x', 'populate[tags][limit]=1.5']) {
    const error = expectError(() => query(search));
    assert.is(error.name, 'ValidationError', search);
    assert.match(error.message, /a whole number, 0 or more/, search);
  }
});

populate('when on is used on a relation or component then 400 naming the attribute and the model', () => {
  const error = expectError(() => query('populate[category][on][shared.section]=true'));
  assert.is(error.message, 'Using fragments is not permitted to populate "category" in "api::article.article"');
  const nested = expectError(() => query('populate[category][populate][articles][on][x]=true'));
  assert.is(nested.message, 'Using fragments is not permitted to populate "articles" in "api::category.category"');
});

populate('when a key cannot be populated then 400 Invalid key with its path', () => {
  const table: Array<[string, string, string, string]> = [
    ['populate=title', 'title', 'title', 'Invalid key title'],
    ['populate=nope', 'nope', 'nope', 'Invalid key nope'],
    ['populate=internalTags', 'internalTags', 'internalTags', 'Invalid key internalTags'],
    ['populate[internalTags]=true', 'internalTags', 'internalTags', 'Invalid key internalTags'],
    ['populate=category.name', 'name', 'category.name', 'Invalid key name at category'],
    ['populate=category.internalNote', 'internalNote', 'category.internalNote', 'Invalid key internalNote at category'],
    ['populate[category][foo]=1', 'foo', 'category.foo', 'Invalid key foo at category'],
    ['populate[category][filters][internalNote]=x', 'internalNote', 'category.filters.internalNote', 'Invalid key internalNote at category'],
    ['populate[author][fields]=password', 'password', 'author.fields.password', 'Invalid key password at author'],
    ['populate[author][sort]=resetPasswordToken', 'resetPasswordToken', 'author.sort.resetPasswordToken', 'Invalid key resetPasswordToken at author'],
    ['populate[blocks][on][shared.seo]=true', 'shared.seo', 'blocks.on.shared.seo', 'Invalid key shared.seo at blocks'],
    ['populate[sections][fields]=note', 'note', 'sections.fields.note', 'Invalid key note at sections'],
  ];
  for (const [search, key, path, message] of table) {
    const error = expectError(() => query(search));
    assert.is(error.message, message, search);
    assert.equal(error.details, { key, path, source: 'query', param: 'populate' }, search);
  }
});

populate('when a value is malformed then 400 naming it', () => {
  assert.match(expectError(() => query('populate[category]=abc')).message, /^Invalid populate value at 'populate\.category'/);
  assert.match(expectError(() => query('populate[category][count]=maybe')).message, /^Invalid parameter at 'populate\.category\.count'\. Expected a boolean/);
  assert.match(expectError(() => query('populate[category][filters][name][$gt][x]=1')).message, /'populate\.category\.filters\.name\.\$gt': expected a string/);
});

populate('when a key would pollute prototypes then 400 Invalid key', () => {
  for (const json of ['{"__proto__": true}', '{"category": {"populate": {"constructor": true}}}', '{"blocks": {"on": {"__proto__": true}}}']) {
    const error = expectError(() => parseContentQuery({ populate: JSON.parse(json) }, article, lookup, REST));
    assert.match(error.message, /^Invalid key (__proto__|constructor)( at (category|blocks))?$/, json);
  }
});

populate.run();
