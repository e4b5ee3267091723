/**
 * What every case file of the reader contract shares: the suite's context (the opened project and
 * the library's documentIds) and the assertions that compare a read with the answer written in
 * the case.
 */
import * as assert from 'uvu/assert';
import type { Test } from 'uvu';
import type { FindParams, FolioDocument, OpenedFolio } from '../../../src/index.js';
import { AUTHOR, BOOK, TAG, type Library } from './fixture.js';

export interface ContractContext {
  folio: OpenedFolio;
  library: Library;
  /** Closes the project; set as soon as it is open, so that a failing fixture still cleans up. */
  cleanup?: () => Promise<void>;
}

export type ContractSuite = Test<ContractContext>;

/** Which field names a document of each type in the answers: its title, name or label. */
const NAME_FIELD: Record<string, string> = { [BOOK]: 'title', [AUTHOR]: 'name', [TAG]: 'label' };

/**
 * The names of `documents`, in order.
 * @example namesOf(await books.findMany(), BOOK) // ['Dune', 'Emma', …]
 */
export function namesOf(documents: readonly FolioDocument[] | readonly Record<string, unknown>[], uid: string = BOOK): unknown[] {
  return documents.map((document) => document[NAME_FIELD[uid]!]);
}

/**
 * Asserts that `findMany(params)` answers the documents named `expected`, in that order, and that
 * `count(params)` answers as many: one comparison, so that a failure shows both.
 * @example await assertFinds(context, BOOK, { filters: { pages: { $lt: 100 } } }, ['Odes']);
 */
export async function assertFinds(context: ContractContext, uid: string, params: FindParams, expected: readonly unknown[]): Promise<void> {
  const service = context.folio.documents(uid);
  const [found, count] = await Promise.all([service.findMany(params), service.count(params)]);
  assert.equal({ found: namesOf(found, uid), count }, { found: expected, count: expected.length }, JSON.stringify(params));
}

/**
 * `assertFinds` for books: the case files' most common question.
 * @example await assertBooks(context, { filters: { genre: 'poetry' } }, ['Odes', 'Beowulf']);
 */
export function assertBooks(context: ContractContext, params: FindParams, expected: readonly unknown[]): Promise<void> {
  return assertFinds(context, BOOK, params, expected);
}

/**
 * Asserts the order `findMany(params)` answers the books in, when the count says nothing more
 * (a sort of every book, a page).
 * @example await assertOrder(context, { sort: 'title' }, ['Beowulf', 'Candide', …]);
 */
export async function assertOrder(context: ContractContext, params: FindParams, expected: readonly unknown[], uid: string = BOOK): Promise<void> {
  assert.equal(namesOf(await context.folio.documents(uid).findMany(params), uid), expected, JSON.stringify(params));
}

/**
 * `[name, locale]` of each document: what tells a version from another of the same document.
 * @example pairsOf(await books.findMany({ locale: '*' })) // [['Dune', 'en'], …, ['Dune', 'fr'], …]
 */
export function pairsOf(documents: readonly FolioDocument[], uid: string = BOOK): Array<[unknown, unknown]> {
  return documents.map((document) => [document[NAME_FIELD[uid]!], document.locale]);
}

/** Every draft book in English, in the order they were created. */
export const ALL_BOOKS = ['Dune', 'Emma', 'Odes', 'Walden', 'Ulysses', 'Beowulf', 'Candide', 'dune messiah'] as const;

/**
 * `ALL_BOOKS` without `left`, in the same order.
 * @example booksBut('Emma', 'Beowulf') // ['Dune', 'Odes', 'Walden', 'Ulysses', 'Candide', 'dune messiah']
 */
export function booksBut(...left: string[]): string[] {
  return ALL_BOOKS.filter((title) => !left.includes(title));
}
