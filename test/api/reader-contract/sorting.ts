/**
 * The reader contract: sort. Missing values are the smallest (first ascending, last descending),
 * text compares by code unit (upper case before lower case), ties keep the order the versions were
 * created in, and a sort through a relation reads the target in the status and locale read.
 */
import { assertBooks, assertOrder, type ContractSuite } from './helpers.js';

export function sortingCases(test: ContractSuite): void {
  test('a sort by each kind of value puts missing values first ascending and last descending', async (context) => {
    await assertOrder(context, { sort: 'title' }, ['Beowulf', 'Candide', 'Dune', 'Emma', 'Odes', 'Ulysses', 'Walden', 'dune messiah']);
    await assertOrder(context, { sort: 'title:desc' }, ['dune messiah', 'Walden', 'Ulysses', 'Odes', 'Emma', 'Dune', 'Candide', 'Beowulf']);
    await assertOrder(context, { sort: 'pages:asc' }, ['Beowulf', 'Odes', 'Candide', 'dune messiah', 'Emma', 'Walden', 'Dune', 'Ulysses']);
    await assertOrder(context, { sort: 'pages:desc' }, ['Ulysses', 'Dune', 'Walden', 'Emma', 'dune messiah', 'Candide', 'Odes', 'Beowulf']);
    await assertOrder(context, { sort: 'price' }, ['Walden', 'dune messiah', 'Emma', 'Beowulf', 'Dune', 'Candide', 'Odes', 'Ulysses']);
    await assertOrder(context, { sort: 'rating' }, ['Odes', 'Candide', 'Ulysses', 'Emma', 'dune messiah', 'Walden', 'Dune', 'Beowulf']);
    await assertOrder(context, { sort: 'copies' }, ['Walden', 'Ulysses', 'Beowulf', 'Emma', 'dune messiah', 'Candide', 'Odes', 'Dune']);
    await assertOrder(context, { sort: 'copies:desc' }, ['Dune', 'Odes', 'Candide', 'dune messiah', 'Emma', 'Beowulf', 'Ulysses', 'Walden']);
    await assertOrder(context, { sort: 'released' }, ['Beowulf', 'Candide', 'Emma', 'Odes', 'Walden', 'Ulysses', 'Dune', 'dune messiah']);
    await assertOrder(context, { sort: 'addedAt:desc' }, ['Emma', 'Candide', 'Ulysses', 'Dune', 'dune messiah', 'Odes', 'Beowulf', 'Walden']);
    await assertOrder(context, { sort: 'launch' }, ['Walden', 'dune messiah', 'Beowulf', 'Dune', 'Ulysses', 'Emma', 'Odes', 'Candide']);
  });

  test('equal values keep the order the versions were created in, ascending and descending, until a later key tells them apart', async (context) => {
    await assertOrder(context, { sort: 'price:desc' }, ['Ulysses', 'Odes', 'Dune', 'Candide', 'Beowulf', 'Emma', 'dune messiah', 'Walden']);
    await assertOrder(context, { sort: 'inPrint' }, ['Walden', 'Emma', 'Ulysses', 'dune messiah', 'Dune', 'Odes', 'Beowulf', 'Candide']);
    await assertOrder(context, { sort: 'inPrint:desc' }, ['Dune', 'Odes', 'Beowulf', 'Candide', 'Emma', 'Ulysses', 'dune messiah', 'Walden']);
    await assertOrder(context, { sort: 'genre' }, ['Candide', 'Walden', 'Dune', 'Emma', 'Ulysses', 'dune messiah', 'Odes', 'Beowulf']);
    await assertOrder(context, { sort: ['genre:desc', 'pages:asc'] }, ['Beowulf', 'Odes', 'dune messiah', 'Emma', 'Dune', 'Ulysses', 'Walden', 'Candide']);
    await assertOrder(context, { sort: 'genre:desc,title:desc' }, ['Odes', 'Beowulf', 'dune messiah', 'Ulysses', 'Emma', 'Dune', 'Walden', 'Candide']);
    await assertOrder(context, { sort: { inPrint: 'desc', price: 'asc' } }, ['Beowulf', 'Dune', 'Candide', 'Odes', 'dune messiah', 'Emma', 'Ulysses', 'Walden']);
  });

  test('a sort through a relation or a component reads the version the filters would, a missing target sorting as a missing value', async (context) => {
    await assertOrder(context, { sort: 'author.name' }, ['Beowulf', 'Dune', 'dune messiah', 'Walden', 'Ulysses', 'Emma', 'Odes', 'Candide']);
    await assertOrder(context, { status: 'published', sort: 'author.name' }, ['Odes', 'Dune', 'Walden', 'Ulysses', 'Emma', 'Candide']);
    await assertOrder(context, { sort: ['author.name:desc', 'title:desc'] }, ['Candide', 'Odes', 'Emma', 'Ulysses', 'Walden', 'dune messiah', 'Dune', 'Beowulf']);
    await assertOrder(context, { sort: { author: { born: 'asc' } } }, ['Beowulf', 'Candide', 'Emma', 'Odes', 'Walden', 'Ulysses', 'Dune', 'dune messiah']);
    await assertOrder(context, { locale: 'fr', sort: 'author.name' }, ['Ulysse', 'Walden ou la Vie dans les bois', 'Dune', "Candide ou l'Optimisme"]);
    await assertOrder(context, { sort: 'details.publisher' }, ['Odes', 'Beowulf', 'Dune', 'Candide', 'Emma', 'dune messiah', 'Ulysses', 'Walden']);
  });

  test('a sort orders what the filters kept, by the field filtered or another one', async (context) => {
    await assertBooks(context, { filters: { genre: 'novel' }, sort: 'price:desc' }, ['Ulysses', 'Dune', 'Emma', 'dune messiah']);
    await assertBooks(context, { filters: { pages: { $gt: 100 } }, sort: 'pages:desc' }, ['Ulysses', 'Dune', 'Walden', 'Emma', 'dune messiah', 'Candide']);
    await assertBooks(context, { filters: { pages: { $between: [100, 400] } }, sort: 'rating' }, ['Candide', 'Emma', 'dune messiah', 'Walden']);
    await assertBooks(context, { filters: { tags: { label: 'classic' } }, sort: 'title' }, ['Candide', 'Dune', 'Emma', 'Odes', 'Ulysses']);
    await assertBooks(context, { filters: { author: { born: { $gt: 1800 } } }, sort: 'author.name:desc' }, ['Ulysses', 'Walden', 'Dune', 'dune messiah']);
    await assertBooks(context, { status: 'published', filters: { pages: { $lte: 400 } }, sort: 'pages:desc' }, ['Dune', 'Walden', 'Emma', 'Candide', 'Odes']);
  });

  test('the same query asked again and again answers the same documents in the same order', async (context) => {
    const queries: Array<[Parameters<typeof assertBooks>[1], string[]]> = [
      [{ filters: { pages: { $gt: 300 } }, sort: 'pages' }, ['Emma', 'Walden', 'Dune', 'Ulysses']],
      [{ filters: { price: { $gte: 9.99 } }, sort: 'price:desc' }, ['Ulysses', 'Odes', 'Dune', 'Candide']],
      [{ filters: { title: { $containsi: 'DUNE' } } }, ['Dune', 'dune messiah']],
      [{ filters: { genre: 'novel', released: { $lt: '1950-01-01' } }, sort: 'released:desc' }, ['Ulysses', 'Emma']],
    ];
    for (let round = 0; round < 4; round++) {
      for (const [params, expected] of queries) await assertBooks(context, params, expected);
    }
  });
}
