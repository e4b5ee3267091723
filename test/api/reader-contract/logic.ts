/**
 * The reader contract: missing values and SQL's three-valued logic. A comparison with a missing
 * value is unknown, `$not` of unknown is unknown, and only a true condition selects a document;
 * `$null`, `$notNull`, `$eq: null` and `$ne: null` ask whether the value is there.
 */
import { assertBooks, booksBut, type ContractSuite } from './helpers.js';

export function logicCases(test: ContractSuite): void {
  test('$null, $notNull, $eq: null and $ne: null ask whether a value is there, on every kind', async (context) => {
    await assertBooks(context, { filters: { blurb: { $null: true } } }, ['Candide']);
    await assertBooks(context, { filters: { blurb: { $notNull: false } } }, ['Candide']);
    await assertBooks(context, { filters: { blurb: { $eq: null } } }, ['Candide']);
    await assertBooks(context, { filters: { blurb: { $ne: null } } }, booksBut('Candide'));
    await assertBooks(context, { filters: { blurb: { $null: false } } }, booksBut('Candide'));
    await assertBooks(context, { filters: { rating: { $notNull: true } } }, booksBut('Odes'));
    await assertBooks(context, { filters: { copies: { $null: true } } }, ['Walden']);
    await assertBooks(context, { filters: { inPrint: { $null: true } } }, ['Walden']);
    await assertBooks(context, { filters: { released: { $null: true } } }, ['Beowulf']);
    await assertBooks(context, { filters: { addedAt: { $null: true } } }, ['Walden']);
    await assertBooks(context, { filters: { launch: { $null: true } } }, ['Walden', 'dune messiah']);
    await assertBooks(context, { filters: { genre: { $null: true } } }, ['Candide']);
  });

  test('a $ne filter leaves out documents without a value, and so do $notIn, $notContains and $not', async (context) => {
    await assertBooks(context, { filters: { pages: { $ne: 320 } } }, ['Dune', 'Odes', 'Walden', 'Ulysses', 'Candide', 'dune messiah']);
    await assertBooks(context, { filters: { inPrint: { $ne: true } } }, ['Emma', 'Ulysses', 'dune messiah']);
    await assertBooks(context, { filters: { pages: { $notIn: [80, 144] } } }, ['Dune', 'Emma', 'Walden', 'Ulysses', 'dune messiah']);
    await assertBooks(context, { filters: { blurb: { $notContains: '%' } } }, ['Emma', 'Odes', 'Walden', 'Ulysses', 'Beowulf', 'dune messiah']);
    await assertBooks(context, { filters: { $not: { pages: { $gt: 300 } } } }, ['Odes', 'Candide', 'dune messiah']);
    await assertBooks(context, { filters: { pages: { $not: { $gt: 300 } } } }, ['Odes', 'Candide', 'dune messiah']);
    await assertBooks(context, { filters: { $or: [{ pages: { $lt: 100 } }, { pages: { $null: true } }] } }, ['Odes', 'Beowulf']);
  });

  test('a null among $in values matches nothing, and makes $notIn match nothing', async (context) => {
    await assertBooks(context, { filters: { pages: { $in: [80, null] } } }, ['Odes']);
    await assertBooks(context, { filters: { pages: { $notIn: [80, null] } } }, []);
  });

  test('$and, $or and $not combine at any depth, unknown AND false being false and unknown OR false unknown', async (context) => {
    await assertBooks(context, { filters: { $and: [{ $or: [{ genre: 'poetry' }, { genre: 'essay' }] }, { inPrint: true }] } }, ['Odes', 'Beowulf']);
    await assertBooks(context, { filters: { $or: [{ $and: [{ genre: 'novel' }, { price: { $lt: 6 } }] }, { released: { $null: true } }] } }, ['Emma', 'Beowulf', 'dune messiah']);
    // Walden's inPrint is unknown but it is no novel: unknown AND false is false, and $not keeps it.
    await assertBooks(context, { filters: { $not: { $and: [{ inPrint: false }, { genre: 'novel' }] } } }, ['Dune', 'Odes', 'Walden', 'Beowulf', 'Candide']);
    // Candide's genre is unknown and it is in print: false OR unknown is unknown, and $not leaves it out.
    await assertBooks(context, { filters: { $not: { $or: [{ inPrint: false }, { genre: 'essay' }] } } }, ['Dune', 'Odes', 'Beowulf']);
    await assertBooks(context, { filters: { genre: 'novel', pages: { $gt: 300 } } }, ['Dune', 'Emma', 'Ulysses']);
  });
}
