/**
 * The reader contract: what an answer shows of each document. A populated relation shows its
 * targets in the status and locale read (none where they have no version there), to-many
 * relations in their stored order unless sorted; components, `localizations` and `fields`.
 */
import * as assert from 'uvu/assert';
import type { FolioDocument } from '../../../src/index.js';
import { AUTHOR, BOOK, TAG } from './fixture.js';
import type { ContractSuite } from './helpers.js';

type Doc = Record<string, unknown>;
const nameOf = (document: unknown, field: string) => (document === null || document === undefined ? null : (document as Doc)[field]);
/** `[title, what(book)]` of each book. */
const eachBook = (books: readonly FolioDocument[], what: (book: FolioDocument) => unknown) => books.map((book) => [book.title, what(book)]);
const labels = (tags: unknown) => (tags as Doc[]).map((tag) => tag.label);
const titlesOf = (books: unknown) => (books as Doc[]).map((book) => book.title);

export function populateCases(test: ContractSuite): void {
  test('a populated relation shows its target in the status and locale read, or null when the target has no version there', async (context) => {
    const books = context.folio.documents(BOOK);
    const params = { fields: ['title'], populate: { author: { fields: ['name', 'locale'] } } };
    const authorName = (book: FolioDocument) => nameOf(book.author, 'name');
    assert.equal(eachBook(await books.findMany(params), authorName), [
      ['Dune', 'Frank Herbert'], ['Emma', 'Jane Austen'], ['Odes', 'John Keats'], ['Walden', 'Henry David Thoreau'],
      ['Ulysses', 'James Joyce'], ['Beowulf', null], ['Candide', 'Voltaire'], ['dune messiah', 'Frank Herbert'],
    ]);
    assert.equal(eachBook(await books.findMany({ ...params, status: 'published' }), authorName), [
      ['Dune', 'Frank Herbert'], ['Emma', 'Jane Austen'], ['Odes', null], ['Walden', 'Henry Thoreau'], ['Ulysses', 'James Joyce'], ['Candide', 'Voltaire'],
    ]);
    const french = await books.findMany({ ...params, locale: 'fr' });
    assert.equal(eachBook(french, authorName), [['Dune', 'F. Herbert'], ['Ulysse', null], ["Candide ou l'Optimisme", 'Voltaire'], ['Walden ou la Vie dans les bois', null]]);
    assert.is(nameOf(french[0]!.author, 'locale'), 'fr');
  });

  test('a populated to-many relation keeps its stored order, and populate filters, sorts and picks the fields of its documents', async (context) => {
    const books = context.folio.documents(BOOK);
    assert.equal(eachBook(await books.findMany({ fields: ['title'], populate: ['tags'] }), (book) => labels(book.tags)), [
      ['Dune', ['scifi', 'classic']], ['Emma', ['classic']], ['Odes', ['verse', 'classic']], ['Walden', []],
      ['Ulysses', ['classic']], ['Beowulf', ['verse']], ['Candide', ['classic']], ['dune messiah', ['scifi']],
    ]);
    const sorted = await books.findOne({ documentId: context.library.books.dune, populate: { tags: { sort: 'label', fields: ['label'] } } });
    assert.equal((sorted!.tags as Doc[]).map((tag) => Object.keys(tag).sort()), [['documentId', 'id', 'label'], ['documentId', 'id', 'label']]);
    assert.equal(labels(sorted!.tags), ['classic', 'scifi']);
    const filtered = await books.findMany({ fields: ['title'], filters: { genre: 'poetry' }, populate: { tags: { filters: { label: { $ne: 'classic' } } } } });
    assert.equal(eachBook(filtered, (book) => labels(book.tags)), [['Odes', ['verse']], ['Beowulf', ['verse']]]);
    const tagBooks = (status: 'draft' | 'published') => context.folio.documents(TAG).findMany({ status, populate: { books: { fields: ['title'] } } });
    const byTag = (tags: FolioDocument[]) => tags.map((tag) => [tag.label, titlesOf(tag.books)]);
    assert.equal(byTag(await tagBooks('published')), [['classic', ['Dune', 'Emma', 'Odes', 'Ulysses', 'Candide']], ['scifi', ['Dune']], ['verse', ['Odes']], ['unused', []]]);
    assert.equal(byTag(await tagBooks('draft')), [['classic', ['Dune', 'Emma', 'Odes', 'Ulysses', 'Candide']], ['scifi', ['Dune', 'dune messiah']], ['verse', ['Odes', 'Beowulf']], ['unused', []]]);
  });

  test('the inverse side populates the owning documents of the status read, sorted, windowed or counted as asked', async (context) => {
    const authors = context.folio.documents(AUTHOR);
    const counted = (status: 'draft' | 'published') => authors.findMany({ status, fields: ['name'], populate: { books: { count: true } } });
    const counts = (found: FolioDocument[]) => found.map((author) => [author.name, nameOf(author.books, 'count')]);
    assert.equal(counts(await counted('draft')), [
      ['Frank Herbert', 2], ['Jane Austen', 1], ['John Keats', 1], ['Henry David Thoreau', 1], ['James Joyce', 1], ['Voltaire', 1], ['Mary Shelley', 0],
    ]);
    assert.equal(counts(await counted('published')), [['Frank Herbert', 1], ['Jane Austen', 1], ['Henry Thoreau', 1], ['James Joyce', 1], ['Voltaire', 1], ['Mary Shelley', 0]]);
    const herbert = await authors.findOne({ documentId: context.library.authors.herbert, populate: { books: { sort: 'title:desc', fields: ['title'] } } });
    assert.equal(titlesOf(herbert!.books), ['dune messiah', 'Dune']);
    const french = await authors.findMany({ locale: 'fr', fields: ['name'], populate: { books: { fields: ['title'] } } });
    assert.equal(french.map((author) => [author.name, titlesOf(author.books)]), [['F. Herbert', ['Dune']], ['Voltaire', ["Candide ou l'Optimisme"]]]);
    const windowed = await authors.findOne({ documentId: context.library.authors.herbert, populate: { books: { sort: 'pages', start: 1, limit: 1 } } });
    assert.equal(titlesOf(windowed!.books), ['Dune']);
  });

  test('a nested populate goes through the relation of a relation, each in the status read', async (context) => {
    const books = context.folio.documents(BOOK);
    const populate = { author: { fields: ['name'], populate: { books: { fields: ['title'] } } } };
    const draft = await books.findOne({ documentId: context.library.books.messiah, populate });
    assert.equal([nameOf(draft!.author, 'name'), titlesOf((draft!.author as Doc).books)], ['Frank Herbert', ['Dune', 'dune messiah']]);
    const published = await books.findOne({ documentId: context.library.books.dune, status: 'published', populate });
    assert.equal([nameOf(published!.author, 'name'), titlesOf((published!.author as Doc).books)], ['Frank Herbert', ['Dune']]);
    const odes = await books.findOne({ documentId: context.library.books.odes, populate: { tags: { populate: { books: { fields: ['title'] } } } } });
    assert.equal((odes!.tags as Doc[]).map((tag) => [tag.label, titlesOf(tag.books)]), [['verse', ['Odes', 'Beowulf']], ['classic', ['Dune', 'Emma', 'Odes', 'Ulysses', 'Candide']]]);
  });

  test('components populate as stored, the component nested in a repeatable one only when asked, filtered and sorted as asked', async (context) => {
    const books = context.folio.documents(BOOK);
    const { dune, odes, ulysses } = context.library.books;
    const shallow = await books.findOne({ documentId: dune, populate: ['details', 'editions'] });
    assert.equal([shallow!.details, shallow!.editions], [{ publisher: 'Chilton', format: 'hardcover' }, [{ label: 'First', year: 1965 }, { label: 'Anniversary', year: 2015 }]]);
    const deep = await books.findOne({ documentId: dune, locale: 'fr', populate: { editions: { populate: ['origin'] } } });
    assert.equal((deep!.editions as Doc[]).map((edition) => [edition.label, nameOf(edition.origin, 'city')]), [['First', 'Philadelphia'], ['Anniversary', 'London']]);
    const none = await books.findOne({ documentId: odes, populate: ['details', 'editions'] });
    assert.equal([none!.details, none!.editions], [null, []]);
    const recent = await books.findOne({ documentId: dune, populate: { editions: { filters: { year: { $gt: 2000 } } } } });
    assert.equal(recent!.editions, [{ label: 'Anniversary', year: 2015 }]);
    const sorted = await books.findOne({ documentId: ulysses, populate: { editions: { sort: 'year:desc', fields: ['label'] } } });
    assert.equal(sorted!.editions, [{ label: 'Corrected' }, { label: 'First' }]);
  });

  test("localizations lists the document's other locale versions in the status read", async (context) => {
    const books = context.folio.documents(BOOK);
    const { dune, candide, ulysses, emma } = context.library.books;
    const others = async (documentId: string, params: { status?: 'draft' | 'published'; locale?: string } = {}) => {
      const found = await books.findOne({ documentId, ...params, populate: ['localizations'] });
      return (found!.localizations as Doc[]).map((version) => [version.title, version.locale]);
    };
    assert.equal(await others(dune), [['Dune', 'fr']]);
    assert.equal(await others(dune, { status: 'published' }), []);
    assert.equal(await others(candide, { status: 'published' }), [["Candide ou l'Optimisme", 'fr']]);
    assert.equal(await others(ulysses, { locale: 'fr' }), [['Ulysses', 'en']]);
    assert.equal(await others(emma), []);
  });

  test('fields picks the scalar attributes an answer shows, besides id and documentId, and populated ones stay', async (context) => {
    const books = context.folio.documents(BOOK);
    const [first] = await books.findMany({ fields: ['title', 'pages'], sort: 'title', limit: 1 });
    assert.equal([Object.keys(first!).sort(), first!.title, first!.pages], [['documentId', 'id', 'pages', 'title'], 'Beowulf', null]);
    const [french] = await books.findMany({ locale: 'fr', fields: 'title,locale', limit: 1 });
    assert.equal(french, { id: french!.id, documentId: context.library.books.dune, title: 'Dune', locale: 'fr' });
    const [withAuthor] = await books.findMany({ fields: ['title'], populate: ['author'], sort: 'pages:desc', limit: 1 });
    assert.equal([Object.keys(withAuthor!).sort(), nameOf(withAuthor!.author, 'name')], [['author', 'documentId', 'id', 'title'], 'James Joyce']);
  });
}
