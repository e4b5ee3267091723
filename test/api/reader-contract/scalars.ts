/**
 * The reader contract: every comparison operator on each kind of scalar attribute (integer,
 * decimal, float, biginteger, boolean, date, datetime, time, enumeration, string), over the English
 * drafts of the library (see fixture.ts for their values).
 */
import { assertBooks, booksBut, type ContractSuite } from './helpers.js';

export function scalarCases(test: ContractSuite): void {
  test('integers, decimals and floats compare as numbers with $eq, $lt, $lte, $gt, $gte and $between', async (context) => {
    await assertBooks(context, { filters: { pages: { $eq: 320 } } }, ['Emma']);
    await assertBooks(context, { filters: { pages: { $lt: 144 } } }, ['Odes']);
    await assertBooks(context, { filters: { pages: { $lte: 144 } } }, ['Odes', 'Candide']);
    await assertBooks(context, { filters: { pages: { $gt: 400 } } }, ['Dune', 'Ulysses']);
    await assertBooks(context, { filters: { pages: { $gte: 352 } } }, ['Dune', 'Walden', 'Ulysses']);
    await assertBooks(context, { filters: { pages: { $between: [250, 352] } } }, ['Emma', 'Walden', 'dune messiah']);
    await assertBooks(context, { filters: { price: 9.99 } }, ['Dune', 'Candide']);
    await assertBooks(context, { filters: { price: { $lte: 7.25 } } }, ['Emma', 'Beowulf', 'dune messiah']);
    await assertBooks(context, { filters: { price: { $gt: '9.99' } } }, ['Odes', 'Ulysses']);
    await assertBooks(context, { filters: { rating: 4.1 } }, ['Walden']);
    await assertBooks(context, { filters: { rating: { $gte: 4.5 } } }, ['Dune', 'Beowulf']);
    await assertBooks(context, { filters: { rating: { $lt: 3.9 } } }, ['Ulysses', 'Candide']);
  });

  test('a biginteger compares exactly, beyond what a JavaScript number holds, and as a number, not as text', async (context) => {
    await assertBooks(context, { filters: { copies: { $gt: '9007199254740992' } } }, ['Dune']);
    await assertBooks(context, { filters: { copies: '9007199254740992' } }, ['Odes']);
    await assertBooks(context, { filters: { copies: { $lt: 0 } } }, ['Ulysses']);
    await assertBooks(context, { filters: { copies: { $gte: '100' } } }, ['Dune', 'Odes', 'Candide', 'dune messiah']);
    await assertBooks(context, { filters: { copies: { $between: ['0', '300'] } } }, ['Emma', 'Beowulf', 'Candide', 'dune messiah']);
    await assertBooks(context, { filters: { copies: { $in: ['12', '100'] } } }, ['Emma', 'dune messiah']);
  });

  test('booleans, dates, date-times and times compare as what they mean: instants whatever the offset, times at their precision', async (context) => {
    await assertBooks(context, { filters: { inPrint: true } }, ['Dune', 'Odes', 'Beowulf', 'Candide']);
    await assertBooks(context, { filters: { inPrint: 'false' } }, ['Emma', 'Ulysses', 'dune messiah']);
    await assertBooks(context, { filters: { released: { $lt: '1800-01-01' } } }, ['Candide']);
    await assertBooks(context, { filters: { released: { $gte: '1922-02-02' } } }, ['Dune', 'Ulysses', 'dune messiah']);
    await assertBooks(context, { filters: { released: { $between: ['1800-01-01', '1900-12-31'] } } }, ['Emma', 'Odes', 'Walden']);
    await assertBooks(context, { filters: { addedAt: '2024-01-15T11:00:00+01:00' } }, ['Dune']);
    await assertBooks(context, { filters: { addedAt: { $lt: '2024-01-01' } } }, ['Odes', 'Beowulf']);
    await assertBooks(context, { filters: { addedAt: { $between: ['2024-01-15T10:00:00.000Z', '2024-02-29T12:00:00Z'] } } }, ['Dune', 'Ulysses', 'Candide']);
    await assertBooks(context, { filters: { launch: '09:30' } }, ['Dune']);
    await assertBooks(context, { filters: { launch: { $gt: '09:30' } } }, ['Emma', 'Odes', 'Ulysses', 'Candide']);
    await assertBooks(context, { filters: { launch: { $lt: '09:30:00.500' } } }, ['Dune', 'Beowulf']);
  });

  test('an enumeration takes $eq, $ne, $in and $notIn, and a list of values means any of them', async (context) => {
    await assertBooks(context, { filters: { genre: 'poetry' } }, ['Odes', 'Beowulf']);
    await assertBooks(context, { filters: { genre: { $ne: 'novel' } } }, ['Odes', 'Walden', 'Beowulf']);
    await assertBooks(context, { filters: { genre: { $in: ['poetry', 'essay'] } } }, ['Odes', 'Walden', 'Beowulf']);
    await assertBooks(context, { filters: { genre: { $notIn: ['novel'] } } }, ['Odes', 'Walden', 'Beowulf']);
    await assertBooks(context, { filters: { genre: ['essay', 'poetry'] } }, ['Odes', 'Walden', 'Beowulf']);
  });

  test('text operators are case-sensitive unless their name ends in i, which compares lower-cased text', async (context) => {
    await assertBooks(context, { filters: { title: { $eq: 'dune' } } }, []);
    await assertBooks(context, { filters: { title: { $eqi: 'DUNE' } } }, ['Dune']);
    await assertBooks(context, { filters: { title: { $nei: 'dune' } } }, booksBut('Dune'));
    await assertBooks(context, { filters: { title: { $contains: 'une' } } }, ['Dune', 'dune messiah']);
    await assertBooks(context, { filters: { title: { $containsi: 'DUNE' } } }, ['Dune', 'dune messiah']);
    await assertBooks(context, { filters: { title: { $notContains: 'e' } } }, ['Emma']);
    await assertBooks(context, { filters: { title: { $notContainsi: 'E' } } }, []);
    await assertBooks(context, { filters: { title: { $startsWith: 'd' } } }, ['dune messiah']);
    await assertBooks(context, { filters: { title: { $startsWithi: 'D' } } }, ['Dune', 'dune messiah']);
    await assertBooks(context, { filters: { title: { $endsWith: 'es' } } }, ['Odes', 'Ulysses']);
    await assertBooks(context, { filters: { title: { $endsWith: 'AH' } } }, []);
    await assertBooks(context, { filters: { title: { $endsWithi: 'AH' } } }, ['dune messiah']);
    await assertBooks(context, { filters: { title: { $startsWith: ['E', 'O'] } } }, ['Emma', 'Odes']);
  });

  test('%, _ and \\ in a text value match themselves, never any text', async (context) => {
    await assertBooks(context, { filters: { blurb: { $contains: '100%' } } }, ['Dune']);
    await assertBooks(context, { filters: { blurb: { $startsWith: '100%' } } }, ['Dune']);
    await assertBooks(context, { filters: { blurb: { $containsi: '%' } } }, ['Dune']);
    await assertBooks(context, { filters: { blurb: { $contains: 'e_c' } } }, ['Odes']);
    await assertBooks(context, { filters: { blurb: { $eqi: 'SNAKE_CASE' } } }, ['Odes']);
    await assertBooks(context, { filters: { blurb: { $notContainsi: '_' } } }, ['Dune', 'Emma', 'Walden', 'Ulysses', 'Beowulf', 'dune messiah']);
    await assertBooks(context, { filters: { blurb: { $contains: 'k\\s' } } }, ['Ulysses']);
    await assertBooks(context, { filters: { blurb: { $endsWithi: '\\SLASH' } } }, ['Ulysses']);
  });

  test('the search _q matches any text attribute, case-insensitively, with % taken literally', async (context) => {
    await assertBooks(context, { _q: 'snake' }, ['Odes', 'Walden']);
    await assertBooks(context, { _q: '100%' }, ['Dune']);
    await assertBooks(context, { _q: 'POETRY' }, ['Odes', 'Beowulf']);
    await assertBooks(context, { _q: 'snake', filters: { genre: 'essay' } }, ['Walden']);
    await assertBooks(context, { _q: 'optimisme', locale: 'fr' }, ["Candide ou l'Optimisme"]);
  });
}
