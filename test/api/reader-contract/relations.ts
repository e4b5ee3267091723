/**
 * The reader contract: filters through relations and components. A relation condition reads the
 * target's version in the same status and locale as the document (a target without one there is
 * no target); a document matches when any related document or component entry does, and one with
 * none is compared with an entry of nulls, as a LEFT JOIN gives it. Each condition on a relation is
 * its own join.
 */
import { AUTHOR, TAG } from './fixture.js';
import { assertBooks, assertFinds, booksBut, type ContractSuite } from './helpers.js';

export function relationCases(test: ContractSuite): void {
  test('a filter through a to-one relation reads the target in the status and locale the document is read in', async (context) => {
    await assertBooks(context, { filters: { author: { name: { $startsWith: 'J' } } } }, ['Emma', 'Odes', 'Ulysses']);
    await assertBooks(context, { status: 'published', filters: { author: { name: { $startsWith: 'J' } } } }, ['Emma', 'Ulysses']);
    await assertBooks(context, { filters: { author: { name: 'Henry David Thoreau' } } }, ['Walden']);
    await assertBooks(context, { status: 'published', filters: { author: { name: 'Henry David Thoreau' } } }, []);
    await assertBooks(context, { status: 'published', filters: { author: { name: 'Henry Thoreau' } } }, ['Walden']);
    await assertBooks(context, { locale: 'fr', filters: { author: { name: 'F. Herbert' } } }, ['Dune']);
    await assertBooks(context, { filters: { author: { born: { $lt: 1800 } } } }, ['Emma', 'Odes', 'Candide']);
    await assertBooks(context, { filters: { author: { documentId: context.library.authors.herbert } } }, ['Dune', 'dune messiah']);
    await assertBooks(context, { filters: { author: { name: { $ne: 'Voltaire' } } } }, booksBut('Beowulf', 'Candide'));
  });

  test('a relation to a target missing in that locale or status counts as no relation, for $null on it and on its fields', async (context) => {
    await assertBooks(context, { filters: { author: { $null: true } } }, ['Beowulf']);
    await assertBooks(context, { filters: { author: { $notNull: true } } }, booksBut('Beowulf'));
    await assertBooks(context, { filters: { author: { id: { $null: true } } } }, ['Beowulf']);
    await assertBooks(context, { status: 'published', filters: { author: { $null: true } } }, ['Odes']);
    await assertBooks(context, { locale: 'fr', filters: { author: { $null: true } } }, ['Ulysse', 'Walden ou la Vie dans les bois']);
    await assertBooks(context, { locale: 'fr', filters: { author: { name: { $null: true } } } }, ['Ulysse', 'Walden ou la Vie dans les bois']);
    await assertBooks(context, { locale: 'fr', status: 'published', filters: { author: { $null: true } } }, ['Ulysse']);
  });

  test('a filter through a to-many relation matches when any related document does; two conditions are two joins', async (context) => {
    const { tags } = context.library;
    await assertBooks(context, { filters: { tags: { label: 'verse' } } }, ['Odes', 'Beowulf']);
    await assertBooks(context, { filters: { tags: { label: { $in: ['verse', 'scifi'] } } } }, ['Dune', 'Odes', 'Beowulf', 'dune messiah']);
    await assertBooks(context, { filters: { tags: { label: { $ne: 'classic' } } } }, ['Dune', 'Odes', 'Beowulf', 'dune messiah']);
    await assertBooks(context, { filters: { tags: { $null: true } } }, ['Walden']);
    await assertBooks(context, { filters: { tags: { documentId: { $in: [tags.verse, tags.scifi] } } } }, ['Dune', 'Odes', 'Beowulf', 'dune messiah']);
    await assertBooks(context, { filters: { $and: [{ tags: { label: 'scifi' } }, { tags: { label: 'classic' } }] } }, ['Dune']);
    await assertBooks(context, { filters: { tags: { $and: [{ label: 'scifi' }, { label: 'classic' }] } } }, []);
    // $not around a relation condition: no related document matches; a book without any is unknown.
    await assertBooks(context, { filters: { $not: { tags: { label: 'classic' } } } }, ['Beowulf', 'dune messiah']);
  });

  test('a filter on the inverse (mappedBy) side reads the owning documents in the same status and locale', async (context) => {
    await assertFinds(context, AUTHOR, { filters: { books: { title: { $contains: 'une' } } } }, ['Frank Herbert']);
    await assertFinds(context, AUTHOR, { filters: { books: { genre: 'poetry' } } }, ['John Keats']);
    await assertFinds(context, AUTHOR, { status: 'published', filters: { books: { genre: 'poetry' } } }, []);
    await assertFinds(context, AUTHOR, { filters: { books: { pages: { $gt: 400 } } } }, ['Frank Herbert', 'James Joyce']);
    await assertFinds(context, AUTHOR, { status: 'published', filters: { books: { pages: { $gt: 400 } } } }, ['James Joyce']);
    await assertFinds(context, AUTHOR, { filters: { books: { $null: true } } }, ['Mary Shelley']);
    await assertFinds(context, AUTHOR, { locale: 'fr', filters: { books: { title: { $notNull: true } } } }, ['F. Herbert', 'Voltaire']);
    await assertFinds(context, AUTHOR, { locale: 'fr', filters: { books: { title: { $contains: ' ou ' } } } }, ['Voltaire']);
    await assertFinds(context, TAG, { status: 'published', filters: { books: { title: 'Odes' } } }, ['classic', 'verse']);
    await assertFinds(context, TAG, { status: 'published', filters: { books: { title: 'Beowulf' } } }, []);
    await assertFinds(context, TAG, { filters: { books: { $null: true } } }, ['unused']);
    await assertBooks(context, { filters: { author: { books: { genre: 'poetry' } } } }, ['Odes']);
  });

  test('a filter through components: a single one, a repeatable one, and the component nested in it, each entry tested whole', async (context) => {
    await assertBooks(context, { filters: { details: { publisher: { $startsWith: 'John' } } } }, ['Emma']);
    await assertBooks(context, { filters: { details: { format: { $null: true } } } }, ['Odes', 'Walden', 'Beowulf']);
    await assertBooks(context, { filters: { details: { format: { $ne: 'paperback' } } } }, ['Dune', 'dune messiah']);
    await assertBooks(context, { filters: { editions: { year: { $lt: 1800 } } } }, ['Candide']);
    await assertBooks(context, { filters: { editions: { label: { $null: true } } } }, ['Odes']);
    await assertBooks(context, { filters: { editions: { label: 'First', year: { $gt: 1900 } } } }, ['Dune', 'Ulysses', 'dune messiah']);
    await assertBooks(context, { filters: { editions: { label: 'Anniversary', year: { $lt: 2000 } } } }, []);
    await assertBooks(context, { filters: { $and: [{ editions: { label: 'Anniversary' } }, { editions: { year: { $lt: 2000 } } }] } }, ['Dune']);
    await assertBooks(context, { filters: { editions: { origin: { country: 'UK' } } } }, ['Dune', 'Emma']);
    await assertBooks(context, { filters: { editions: { origin: { city: { $null: true } } } } }, ['Odes', 'Ulysses', 'Beowulf', 'dune messiah']);
  });
}
