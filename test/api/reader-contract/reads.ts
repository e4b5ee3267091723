/**
 * The reader contract: one version (`findOne`), the first of a list (`findFirst`), and `count`
 * agreeing with the list it counts.
 */
import * as assert from 'uvu/assert';
import type { FindParams } from '../../../src/index.js';
import { BOOK, TAG } from './fixture.js';
import type { ContractSuite } from './helpers.js';

export function readCases(test: ContractSuite): void {
  test('findOne answers the version in the locale and status asked, and null where the document has none', async (context) => {
    const books = context.folio.documents(BOOK);
    const { dune, beowulf, emma, walden } = context.library.books;
    const draft = await books.findOne({ documentId: dune });
    assert.equal([draft?.title, draft?.pages, draft?.locale, draft?.publishedAt], ['Dune', 412, 'en', null]);
    const published = await books.findOne({ documentId: dune, status: 'published' });
    assert.equal([published?.pages, published?.rating, typeof published?.publishedAt], [400, 4.2, 'string']);
    const french = await books.findOne({ documentId: dune, locale: 'fr' });
    assert.equal([french?.title, french?.blurb, french?.pages, french?.locale], ['Dune', 'Épice et sable', 412, 'fr']);
    assert.is(await books.findOne({ documentId: dune, locale: 'fr', status: 'published' }), null);
    assert.is(await books.findOne({ documentId: walden, locale: 'fr', status: 'published' }), null);
    assert.is(await books.findOne({ documentId: beowulf, status: 'published' }), null);
    assert.is(await books.findOne({ documentId: emma, locale: 'fr' }), null);
    assert.is(await books.findOne({ documentId: dune, locale: 'de' }), null);
    assert.is(await books.findOne({ documentId: 'nosuchdocumentatall' }), null);
    assert.is(await context.folio.documents('api::author.author').findOne({ documentId: context.library.authors.joyce, locale: 'fr' }), null, 'a deleted locale version');
    const tags = context.folio.documents(TAG);
    assert.is((await tags.findOne({ documentId: context.library.tags.verse, status: 'draft' }))?.label, 'verse');
    assert.is((await tags.findOne({ documentId: context.library.tags.verse, status: 'published' }))?.label, 'verse');
  });

  test('findFirst answers the first document of the filtered, sorted list, or null when it is empty', async (context) => {
    const books = context.folio.documents(BOOK);
    assert.is((await books.findFirst())?.title, 'Dune');
    assert.is((await books.findFirst({ sort: 'pages:desc' }))?.title, 'Ulysses');
    assert.is((await books.findFirst({ filters: { genre: 'essay' } }))?.title, 'Walden');
    assert.is((await books.findFirst({ status: 'published', sort: 'title' }))?.title, 'Candide');
    assert.is((await books.findFirst({ locale: 'fr', sort: 'title:desc' }))?.title, 'Walden ou la Vie dans les bois');
    assert.is((await books.findFirst({ sort: 'author.name', filters: { author: { $notNull: true } } }))?.title, 'Dune');
    assert.is(await books.findFirst({ locale: 'de' }), null);
    assert.is(await books.findFirst({ filters: { title: 'Nothing' } }), null);
  });

  test('count answers how many documents findMany finds, whatever reads them', async (context) => {
    const books = context.folio.documents(BOOK);
    const totals: Array<[FindParams, number]> = [
      [{}, 8],
      [{ status: 'published' }, 6],
      [{ locale: '*' }, 12],
      [{ locale: '*', status: 'published' }, 8],
      [{ locale: 'fr', status: 'published' }, 2],
      [{ locale: 'de' }, 0],
      [{ filters: { tags: { label: 'classic' } } }, 5],
      [{ locale: '*', filters: { author: { $null: true } } }, 3],
      [{ filters: { $or: [{ pages: { $null: true } }, { price: { $null: true } }] } }, 2],
      [{ _q: 'snake', locale: '*' }, 2],
    ];
    for (const [params, total] of totals) {
      const [found, count] = await Promise.all([books.findMany(params), books.count(params)]);
      assert.equal([found.length, count], [total, total], JSON.stringify(params));
    }
  });

  test('a type without draft & publish reads its relations in the status asked, in filters as in populate', async (context) => {
    const tags = context.folio.documents(TAG);
    const verseBooks = (status: 'draft' | 'published') => tags.findMany({ status, fields: ['label'], filters: { books: { title: 'Beowulf' } } });
    assert.equal((await verseBooks('draft')).map((tag) => tag.label), ['verse'], 'Beowulf is a draft only');
    assert.equal(await verseBooks('published'), []);
  });

  test('a version published anew takes its place among the published in creation order, as a start reads them', async (context) => {
    const articles = context.folio.documents('api::article.article');
    const first = await articles.create({ data: { title: 'Published first' } });
    const second = await articles.create({ data: { title: 'Published second' } });
    await articles.publish({ documentId: first.documentId });
    await articles.publish({ documentId: second.documentId });
    await articles.update({ documentId: first.documentId, data: { title: 'Published first, then again' } });
    await articles.publish({ documentId: first.documentId });
    const titles = async (params: FindParams) => (await articles.findMany({ ...params, status: 'published', filters: { title: { $startsWith: 'Published' } } })).map((article) => article.title);
    assert.equal(await titles({}), ['Published second', 'Published first, then again']);
    assert.equal(await titles({ locale: '*' }), ['Published second', 'Published first, then again']);
    await articles.delete({ documentId: first.documentId });
    await articles.delete({ documentId: second.documentId });
  });
}
