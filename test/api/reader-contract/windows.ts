/**
 * The reader contract: which versions a query reads (its locale, `*` for every locale, and its
 * status) and the window of them it answers (page and pageSize, start and limit).
 */
import * as assert from 'uvu/assert';
import { AUTHOR, BOOK, TAG } from './fixture.js';
import { ALL_BOOKS, assertBooks, assertFinds, assertOrder, pairsOf, type ContractSuite } from './helpers.js';

const BY_TITLE = ['Beowulf', 'Candide', 'Dune', 'Emma', 'Odes', 'Ulysses', 'Walden', 'dune messiah'];
const FRENCH_DRAFTS = ['Dune', 'Ulysse', "Candide ou l'Optimisme", 'Walden ou la Vie dans les bois'];
const TAGS = ['classic', 'scifi', 'verse', 'unused'];

export function windowCases(test: ContractSuite): void {
  test('page and pageSize, start and limit, cut the sorted list; a page beyond the end is empty and count ignores the window', async (context) => {
    await assertOrder(context, { sort: 'title', pagination: { page: 1, pageSize: 3 } }, BY_TITLE.slice(0, 3));
    await assertOrder(context, { sort: 'title', pagination: { page: 2, pageSize: 3 } }, ['Emma', 'Odes', 'Ulysses']);
    await assertOrder(context, { sort: 'title', pagination: { page: 3, pageSize: 3 } }, ['Walden', 'dune messiah']);
    await assertOrder(context, { sort: 'title', pagination: { page: 4, pageSize: 3 } }, []);
    await assertOrder(context, { sort: 'title', pagination: { start: 6, limit: 5 } }, ['Walden', 'dune messiah']);
    await assertOrder(context, { sort: 'title', start: 1, limit: 2 }, ['Candide', 'Dune']);
    await assertOrder(context, { sort: 'title', start: 20 }, []);
    await assertOrder(context, { pagination: { start: 0, limit: -1 } }, [...ALL_BOOKS]);
    await assertOrder(context, { pagination: { page: 1, pageSize: 3 } }, ['Dune', 'Emma', 'Odes']);
    await assertOrder(context, { filters: { genre: 'novel' }, sort: 'title', start: 1, limit: 2 }, ['Emma', 'Ulysses']);
    await assertOrder(context, { status: 'published', sort: 'pages:desc', pagination: { page: 2, pageSize: 2 } }, ['Walden', 'Emma']);
    const books = context.folio.documents(BOOK);
    assert.is(await books.count({ filters: { genre: 'novel' }, start: 1, limit: 2 }), 4);
    assert.is(await books.count({ pagination: { page: 4, pageSize: 3 } }), 8);
  });

  test('a query reads the locale asked, the default locale when none, and nothing in a locale without versions', async (context) => {
    await assertBooks(context, {}, [...ALL_BOOKS]);
    await assertBooks(context, { locale: 'en' }, [...ALL_BOOKS]);
    await assertBooks(context, { locale: 'fr' }, FRENCH_DRAFTS);
    await assertBooks(context, { locale: 'fr', status: 'published' }, ['Ulysse', "Candide ou l'Optimisme"]);
    await assertBooks(context, { locale: 'fr', filters: { pages: { $gt: 400 } } }, ['Dune', 'Ulysse']);
    await assertBooks(context, { locale: 'de' }, []);
    await assertFinds(context, AUTHOR, { locale: 'de', status: 'published' }, []);
    await assertFinds(context, TAG, { locale: 'fr' }, TAGS);
  });

  test("locale '*' reads every locale's versions, in the order they were created", async (context) => {
    const books = context.folio.documents(BOOK);
    const drafts = await books.findMany({ locale: '*' });
    assert.equal(pairsOf(drafts), [
      ...ALL_BOOKS.map((title) => [title, 'en']),
      ...FRENCH_DRAFTS.map((title) => [title, 'fr']),
    ]);
    assert.is(await books.count({ locale: '*' }), 12);
    assert.equal(pairsOf(await books.findMany({ locale: '*', status: 'published' })), [
      ['Dune', 'en'], ['Emma', 'en'], ['Odes', 'en'], ['Walden', 'en'], ['Ulysses', 'en'], ['Ulysse', 'fr'], ['Candide', 'en'], ["Candide ou l'Optimisme", 'fr'],
    ]);
    assert.equal(pairsOf(await books.findMany({ locale: '*', filters: { author: { $null: true } } })), [['Beowulf', 'en'], ['Ulysse', 'fr'], ['Walden ou la Vie dans les bois', 'fr']]);
    assert.equal(pairsOf(await books.findMany({ locale: '*', sort: 'title', pagination: { page: 1, pageSize: 5 } })), [
      ['Beowulf', 'en'], ['Candide', 'en'], ["Candide ou l'Optimisme", 'fr'], ['Dune', 'en'], ['Dune', 'fr'],
    ]);
    assert.equal(pairsOf(await context.folio.documents(AUTHOR).findMany({ locale: '*' }), AUTHOR), [
      ['Frank Herbert', 'en'], ['Jane Austen', 'en'], ['John Keats', 'en'], ['Henry David Thoreau', 'en'], ['James Joyce', 'en'], ['Voltaire', 'en'], ['Mary Shelley', 'en'],
      ['F. Herbert', 'fr'], ['Voltaire', 'fr'],
    ]);
    await assertFinds(context, TAG, { locale: '*' }, TAGS);
  });

  test('drafts unless published versions are asked for; a type without draft & publish answers its one version either way', async (context) => {
    await assertBooks(context, { status: 'draft' }, [...ALL_BOOKS]);
    await assertBooks(context, { status: 'published' }, ['Dune', 'Emma', 'Odes', 'Walden', 'Ulysses', 'Candide']);
    await assertBooks(context, { filters: { pages: { $gt: 405 } } }, ['Dune', 'Ulysses']);
    await assertBooks(context, { status: 'published', filters: { pages: { $gt: 405 } } }, ['Ulysses']);
    await assertBooks(context, { status: 'published', filters: { rating: 4.2 } }, ['Dune']);
    await assertBooks(context, { filters: { rating: 4.2 } }, []);
    await assertFinds(context, AUTHOR, { status: 'published' }, ['Frank Herbert', 'Jane Austen', 'Henry Thoreau', 'James Joyce', 'Voltaire', 'Mary Shelley']);
    await assertFinds(context, TAG, { status: 'draft' }, TAGS);
    await assertFinds(context, TAG, { status: 'published' }, TAGS);
  });
}
