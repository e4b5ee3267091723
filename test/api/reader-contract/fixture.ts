/**
 * The library every reader answers about: its content types (books, authors, tags and the
 * components of a book), and the documents the suite writes through the document service before
 * its first question, in an order that fixes which version was created first.
 *
 * Draft books in English, in the order they were created (each value below is the draft's):
 *
 *   title         blurb              pages price rating copies            inPrint released   addedAt                  launch        genre  author    tags
 *   Dune          100% sand           412  9.99  4.5   9007199254740993  true    1965-08-01 2024-01-15T10:00:00.000Z 09:30         novel  herbert   scifi, classic
 *   Emma          1000 words          320  5.5   3.9   12                false   1815-12-23 2024-03-01T08:00:00.000Z 14:00         novel  austen    classic
 *   Odes          snake_case           80  12    null  9007199254740992  true    1819-05-01 2023-12-31T23:59:59.000Z 18:45:30      poetry keats     verse, classic
 *   Walden        snake case          352  null  4.1   null              null    1854-08-09 null                     null          essay  thoreau   -
 *   Ulysses       back\slash          730  20    3.5   -5                false   1922-02-02 2024-01-15T10:00:00.001Z 09:30:00.500  novel  joyce     classic
 *   Beowulf       backslash          null  7.25  4.5   0                 true    null       2022-06-01T00:00:00.000Z 07:05         poetry -         verse
 *   Candide       null                144  9.99  2.8   300               true    1759-01-15 2024-02-29T12:00:00.000Z 23:59         null   voltaire  classic
 *   dune messiah  Sandworms           256  4     4     100               false   1969-10-15 2024-01-15T09:59:59.999Z null          novel  herbert   scifi
 *
 * Published in English: Dune (with 400 pages and a rating of 4.2: its draft was edited since),
 * Emma, Odes, Walden, Ulysses and Candide; Beowulf and dune messiah are drafts only. In French
 * (every attribute but title and blurb is shared by a document's locales): drafts of Dune,
 * Ulysse, Candide ou l'Optimisme and Walden ou la Vie dans les bois, in that order; Ulysse and
 * Candide are published. No document has a German version.
 *
 * Authors (draft & publish, localized name): Frank Herbert (French "F. Herbert"), Jane Austen,
 * John Keats (a draft only), Henry Thoreau (published so; the draft now says Henry David Thoreau),
 * James Joyce (his French version deleted), Voltaire (also in French) and Mary Shelley (no book).
 * Tags have no draft & publish and no locales: classic, scifi, verse, unused (no book).
 */
import type { OpenedFolio } from '../../../src/index.js';

export const BOOK = 'api::book.book';
export const AUTHOR = 'api::author.author';
export const TAG = 'api::tag.tag';

const localized = 'pluginOptions: { i18n: { localized: true } }';

/** The project files the library needs, for `testProject({ files })`. */
export const LIBRARY_FILES: Record<string, string> = {
  'content-types/book.yaml': `kind: collectionType
info: { singularName: book, pluralName: books, displayName: Book }
options: { draftAndPublish: true }
${localized}
attributes:
  title:    { type: string, required: true, ${localized} }
  blurb:    { type: text, ${localized} }
  pages:    { type: integer }
  price:    { type: decimal }
  rating:   { type: float }
  copies:   { type: biginteger }
  inPrint:  { type: boolean }
  released: { type: date }
  addedAt:  { type: datetime }
  launch:   { type: time }
  genre:    { type: enumeration, enum: [novel, poetry, essay] }
  author:   { type: relation, relation: manyToOne, target: api::author.author, inversedBy: books }
  tags:     { type: relation, relation: manyToMany, target: api::tag.tag, inversedBy: books }
  details:  { type: component, component: library.details }
  editions: { type: component, repeatable: true, component: library.edition }
`,
  'content-types/author.yaml': `kind: collectionType
info: { singularName: author, pluralName: authors, displayName: Author }
options: { draftAndPublish: true }
${localized}
attributes:
  name:  { type: string, required: true, ${localized} }
  born:  { type: integer }
  books: { type: relation, relation: oneToMany, target: api::book.book, mappedBy: author }
`,
  'content-types/tag.yaml': `kind: collectionType
info: { singularName: tag, pluralName: tags, displayName: Tag }
options: { draftAndPublish: false }
attributes:
  label: { type: string, required: true }
  books: { type: relation, relation: manyToMany, target: api::book.book, mappedBy: tags }
`,
  'content-types/components/library/details.yaml': `info: { displayName: Details }
attributes:
  publisher: { type: string }
  format:    { type: string }
`,
  'content-types/components/library/edition.yaml': `info: { displayName: Edition }
attributes:
  label:  { type: string }
  year:   { type: integer }
  origin: { type: component, component: library.origin }
`,
  'content-types/components/library/origin.yaml': `info: { displayName: Origin }
attributes:
  country: { type: string }
  city:    { type: string }
`,
};

/** The project's locales: English (the default), French, and German, which no document has. */
export const LIBRARY_CONFIG: Record<string, Record<string, unknown>> = {
  i18n: {
    locales: [
      { code: 'en', name: 'English (en)' },
      { code: 'fr', name: 'French (fr)' },
      { code: 'de', name: 'German (de)' },
    ],
    defaultLocale: 'en',
  },
};

export type BookKey = 'dune' | 'emma' | 'odes' | 'walden' | 'ulysses' | 'beowulf' | 'candide' | 'messiah';
export type AuthorKey = 'herbert' | 'austen' | 'keats' | 'thoreau' | 'joyce' | 'voltaire' | 'shelley';
export type TagKey = 'classic' | 'scifi' | 'verse' | 'unused';

/** The documentIds of the library, by key. */
export interface Library {
  books: Record<BookKey, string>;
  authors: Record<AuthorKey, string>;
  tags: Record<TagKey, string>;
}

const AUTHORS: Array<[AuthorKey, string, number]> = [
  ['herbert', 'Frank Herbert', 1920],
  ['austen', 'Jane Austen', 1775],
  ['keats', 'John Keats', 1795],
  ['thoreau', 'Henry Thoreau', 1817],
  ['joyce', 'James Joyce', 1882],
  ['voltaire', 'Voltaire', 1694],
  ['shelley', 'Mary Shelley', 1797],
];

const origin = (country: string, city: string | null) => ({ country, city });

/** Each book's first draft; Dune's pages and rating change after it is published. */
function bookData(authors: Library['authors'], tags: Library['tags']): Array<[BookKey, Record<string, unknown>]> {
  return [
    ['dune', { title: 'Dune', blurb: '100% sand', pages: 400, price: 9.99, rating: 4.2, copies: '9007199254740993', inPrint: true, released: '1965-08-01', addedAt: '2024-01-15T10:00:00.000Z', launch: '09:30', genre: 'novel', author: authors.herbert, tags: [tags.scifi, tags.classic], details: { publisher: 'Chilton', format: 'hardcover' }, editions: [{ label: 'First', year: 1965, origin: origin('US', 'Philadelphia') }, { label: 'Anniversary', year: 2015, origin: origin('UK', 'London') }] }],
    ['emma', { title: 'Emma', blurb: '1000 words', pages: 320, price: 5.5, rating: 3.9, copies: '12', inPrint: false, released: '1815-12-23', addedAt: '2024-03-01T08:00:00.000Z', launch: '14:00', genre: 'novel', author: authors.austen, tags: [tags.classic], details: { publisher: 'John Murray', format: 'paperback' }, editions: [{ label: 'First', year: 1815, origin: origin('UK', 'London') }] }],
    ['odes', { title: 'Odes', blurb: 'snake_case', pages: 80, price: 12, rating: null, copies: '9007199254740992', inPrint: true, released: '1819-05-01', addedAt: '2023-12-31T23:59:59.000Z', launch: '18:45:30', genre: 'poetry', author: authors.keats, tags: [tags.verse, tags.classic], editions: [] }],
    ['walden', { title: 'Walden', blurb: 'snake case', pages: 352, price: null, rating: 4.1, copies: null, inPrint: null, released: '1854-08-09', addedAt: null, launch: null, genre: 'essay', author: authors.thoreau, tags: [], details: { publisher: 'Ticknor', format: null }, editions: [{ label: 'First', year: 1854, origin: origin('US', 'Boston') }] }],
    ['ulysses', { title: 'Ulysses', blurb: 'back\\slash', pages: 730, price: 20, rating: 3.5, copies: '-5', inPrint: false, released: '1922-02-02', addedAt: '2024-01-15T10:00:00.001Z', launch: '09:30:00.500', genre: 'novel', author: authors.joyce, tags: [tags.classic], details: { publisher: 'Shakespeare and Company', format: 'paperback' }, editions: [{ label: 'First', year: 1922, origin: origin('FR', 'Paris') }, { label: 'Corrected', year: 1984 }] }],
    ['beowulf', { title: 'Beowulf', blurb: 'backslash', pages: null, price: 7.25, rating: 4.5, copies: '0', inPrint: true, released: null, addedAt: '2022-06-01T00:00:00.000Z', launch: '07:05', genre: 'poetry', author: null, tags: [tags.verse], editions: [{ label: 'Translation', year: 1999, origin: origin('IE', null) }] }],
    ['candide', { title: 'Candide', blurb: null, pages: 144, price: 9.99, rating: 2.8, copies: '300', inPrint: true, released: '1759-01-15', addedAt: '2024-02-29T12:00:00.000Z', launch: '23:59', genre: null, author: authors.voltaire, tags: [tags.classic], details: { publisher: 'Cramer', format: 'paperback' }, editions: [{ label: 'First', year: 1759, origin: origin('CH', 'Geneva') }] }],
    ['messiah', { title: 'dune messiah', blurb: 'Sandworms', pages: 256, price: 4, rating: 4, copies: '100', inPrint: false, released: '1969-10-15', addedAt: '2024-01-15T09:59:59.999Z', launch: null, genre: 'novel', author: authors.herbert, tags: [tags.scifi], details: { publisher: 'Putnam', format: 'hardcover' }, editions: [{ label: 'First', year: 1969 }] }],
  ];
}

const FRENCH_BOOKS: Array<[BookKey, string, string | null]> = [
  ['dune', 'Dune', 'Épice et sable'],
  ['ulysses', 'Ulysse', 'Dublin, 1904'],
  ['candide', "Candide ou l'Optimisme", 'Tout est pour le mieux'],
  ['walden', 'Walden ou la Vie dans les bois', null],
];

async function writeTags(folio: OpenedFolio): Promise<Library['tags']> {
  const tags = {} as Library['tags'];
  for (const key of ['classic', 'scifi', 'verse', 'unused'] as const) {
    tags[key] = (await folio.documents(TAG).create({ data: { label: key } })).documentId;
  }
  return tags;
}

async function writeAuthors(folio: OpenedFolio): Promise<Library['authors']> {
  const service = folio.documents(AUTHOR);
  const authors = {} as Library['authors'];
  for (const [key, name, born] of AUTHORS) authors[key] = (await service.create({ data: { name, born } })).documentId;
  await service.update({ documentId: authors.herbert, locale: 'fr', data: { name: 'F. Herbert' } });
  await service.update({ documentId: authors.joyce, locale: 'fr', data: { name: 'James Joyce' } });
  await service.update({ documentId: authors.voltaire, locale: 'fr', data: { name: 'Voltaire' } });
  for (const key of ['herbert', 'austen', 'thoreau', 'joyce', 'voltaire', 'shelley'] as const) await service.publish({ documentId: authors[key] });
  for (const key of ['herbert', 'joyce', 'voltaire'] as const) await service.publish({ documentId: authors[key], locale: 'fr' });
  await service.update({ documentId: authors.thoreau, data: { name: 'Henry David Thoreau' } });
  await service.delete({ documentId: authors.joyce, locale: 'fr' });
  return authors;
}

async function writeBooks(folio: OpenedFolio, authors: Library['authors'], tags: Library['tags']): Promise<Library['books']> {
  const service = folio.documents(BOOK);
  const books = {} as Library['books'];
  for (const [key, data] of bookData(authors, tags)) books[key] = (await service.create({ data })).documentId;
  for (const [key, title, blurb] of FRENCH_BOOKS) await service.update({ documentId: books[key], locale: 'fr', data: { title, blurb } });
  for (const key of ['dune', 'emma', 'odes', 'walden', 'ulysses'] as const) await service.publish({ documentId: books[key] });
  await service.publish({ documentId: books.ulysses, locale: 'fr' });
  await service.publish({ documentId: books.candide });
  await service.publish({ documentId: books.candide, locale: 'fr' });
  // Dune's draft moves on from its published version.
  await service.update({ documentId: books.dune, data: { pages: 412, rating: 4.5 } });
  return books;
}

/**
 * Writes the library through the document service, in the order the header describes.
 * @example const library = await writeLibrary(folio); await folio.documents(BOOK).findOne({ documentId: library.books.dune });
 */
export async function writeLibrary(folio: OpenedFolio): Promise<Library> {
  const tags = await writeTags(folio);
  const authors = await writeAuthors(folio);
  const books = await writeBooks(folio, authors, tags);
  return { books, authors, tags };
}
