/** The names the schema gives what a project declares, as Strapi's GraphQL plugin gives them. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { camelCase, componentTypeName, dynamicZoneName, enumTypeName, enumValues, typeNameOf } from '../../src/graphql/names.js';

const test = suite('names');

test('types: content types by their singular name, components with Component and their category', () => {
  assert.is(typeNameOf('api::blog-post.blog-post', 'blog-post'), 'BlogPost');
  assert.is(typeNameOf('plugin::users-permissions.user'), 'UsersPermissionsUser');
  assert.is(typeNameOf('plugin::upload.file'), 'UploadFile');
  assert.is(componentTypeName('shared.hero_banner'), 'ComponentSharedHeroBanner');
  assert.is(dynamicZoneName('Homepage', 'page_blocks'), 'HomepagePageBlocksDynamicZone');
  assert.is(camelCase('blog-posts'), 'blogPosts');
});

test('enumerations: ENUM_<TYPE>_<ATTRIBUTE> unless named; every value keeps a name of its own', () => {
  assert.is(enumTypeName('Article', 'kind'), 'ENUM_ARTICLE_KIND');
  assert.is(enumTypeName('Article', 'kind', 'ArticleKind'), 'ArticleKind');
  assert.equal(enumValues(['big news', 'Small', 'big-news', '2nd', 'Été']), {
    big_news: { value: 'big news' },
    Small: { value: 'Small' },
    big_news_2: { value: 'big-news' },
    _2nd: { value: '2nd' },
    Ete: { value: 'Été' },
  });
});

test.run();
