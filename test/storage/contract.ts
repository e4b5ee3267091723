// The storage contract (storage sits behind a small interface; each adapter has a memory twin, and
// one shared set of suites checks them all): each adapter's spec file runs these suites against its
// own factory, so the memory twins cannot drift from the file-backed adapters.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../src/errors.js';
import type { DocumentAdapter, DocumentKey, Row, Table } from '../../src/storage/index.js';
import { rejects } from './_helpers.js';

export interface Fresh<T> {
  subject: T;
  cleanup(): Promise<void>;
}

const key = (overrides: Partial<DocumentKey> = {}): DocumentKey => ({
  type: 'article',
  documentId: 'a1b2c3',
  status: 'draft',
  locale: 'en',
  ...overrides,
});

export function documentContract(label: string, make: () => Promise<Fresh<DocumentAdapter>>): void {
  const test = suite<{ fresh: Fresh<DocumentAdapter>; adapter: DocumentAdapter }>(`${label} (DocumentAdapter contract)`);
  test.before.each(async (context) => {
    context.fresh = await make();
    context.adapter = context.fresh.subject;
  });
  test.after.each(({ fresh }) => fresh.cleanup());

  test('should answer null for a version that was never stored', async ({ adapter }) => {
    assert.is(await adapter.get(key()), null);
  });

  test('should give back what was put', async ({ adapter }) => {
    const value = { title: 'Hello', views: 3, tags: ['a', 'b'], meta: { draft: true, note: null } };
    await adapter.put(key(), value);
    assert.equal(await adapter.get(key()), value);
  });

  test('should replace a version on a second put', async ({ adapter }) => {
    await adapter.put(key(), { title: 'one', extra: 1 });
    await adapter.put(key(), { title: 'two' });
    assert.equal(await adapter.get(key()), { title: 'two' });
  });

  test('should keep each status and locale of a document apart', async ({ adapter }) => {
    await adapter.put(key(), { v: 'draft-en' });
    await adapter.put(key({ status: 'published' }), { v: 'published-en' });
    await adapter.put(key({ locale: 'fr-FR' }), { v: 'draft-fr' });
    assert.equal(await adapter.get(key()), { v: 'draft-en' });
    assert.equal(await adapter.get(key({ status: 'published' })), { v: 'published-en' });
    assert.equal(await adapter.get(key({ locale: 'fr-FR' })), { v: 'draft-fr' });
  });

  test('should not let a caller mutate what is stored through put or get', async ({ adapter }) => {
    const value = { list: [1], nested: { a: 1 } };
    await adapter.put(key(), value);
    value.list.push(2);
    const first = (await adapter.get(key())) as { nested: { a: number } };
    first.nested.a = 99;
    assert.equal(await adapter.get(key()), { list: [1], nested: { a: 1 } });
  });

  test('should list every stored version with its key', async ({ adapter }) => {
    await adapter.put(key(), { n: 1 });
    await adapter.put(key({ status: 'published' }), { n: 2 });
    await adapter.put(key({ type: 'category', documentId: 'c1' }), { n: 3 });
    const listed = (await adapter.list()).sort((a, b) => Number(a.value.n) - Number(b.value.n));
    assert.equal(listed, [
      { key: key(), value: { n: 1 } },
      { key: key({ status: 'published' }), value: { n: 2 } },
      { key: key({ type: 'category', documentId: 'c1' }), value: { n: 3 } },
    ]);
  });

  test('when a type is given then list answers only that type', async ({ adapter }) => {
    await adapter.put(key(), { n: 1 });
    await adapter.put(key({ type: 'category', documentId: 'c1' }), { n: 3 });
    assert.equal(await adapter.list('category'), [{ key: key({ type: 'category', documentId: 'c1' }), value: { n: 3 } }]);
    assert.equal(await adapter.list('page'), []);
  });

  test('should read the versions of one document, and none of a document never stored', async ({ adapter }) => {
    await adapter.putAll([{ key: key(), value: { n: 1 } }, { key: key({ status: 'published' }), value: { n: 2 } }]);
    await adapter.put(key({ documentId: 'other1' }), { n: 3 });
    const { versions, broken } = await adapter.readDocument('article', 'a1b2c3');
    assert.equal(versions.sort((a, b) => Number(a.value.n) - Number(b.value.n)), [
      { key: key(), value: { n: 1 } },
      { key: key({ status: 'published' }), value: { n: 2 } },
    ]);
    assert.equal(broken, []);
    assert.equal(await adapter.readDocument('article', 'never1'), { versions: [], broken: [] });
    assert.equal((await adapter.documentIds('article')).sort(), ['a1b2c3', 'other1']);
    assert.equal(await adapter.documentIds('page'), []);
    await rejects(adapter.readDocument('article', '../x'), ValidationError);
  });

  test('should answer an empty list when nothing is stored', async ({ adapter }) => {
    assert.equal(await adapter.list(), []);
  });

  test('should forget a removed version and keep the others', async ({ adapter }) => {
    await adapter.put(key(), { n: 1 });
    await adapter.put(key({ locale: 'de' }), { n: 2 });
    await adapter.remove(key());
    assert.is(await adapter.get(key()), null);
    assert.equal(await adapter.get(key({ locale: 'de' })), { n: 2 });
    assert.equal((await adapter.list()).length, 1);
  });

  test('should write several versions of one document with putAll', async ({ adapter }) => {
    await adapter.putAll([
      { key: key(), value: { v: 'draft' } },
      { key: key({ status: 'published' }), value: { v: 'published' } },
    ]);
    assert.equal(await adapter.get(key()), { v: 'draft' });
    assert.equal(await adapter.get(key({ status: 'published' })), { v: 'published' });
    await adapter.putAll([{ key: key(), value: { v: 'draft 2' } }, { key: key({ locale: 'fr' }), value: { v: 'brouillon' } }]);
    assert.equal((await adapter.list()).length, 3, 'an existing document gains a version');
    assert.equal(await adapter.get(key()), { v: 'draft 2' });
  });

  test('when putAll is given versions of two documents then it throws a ValidationError and writes nothing', async ({ adapter }) => {
    await rejects(adapter.putAll([{ key: key(), value: { n: 1 } }, { key: key({ documentId: 'other1' }), value: { n: 2 } }]), ValidationError);
    await rejects(adapter.putAll([{ key: key(), value: { n: 1 } }, { key: key({ type: 'category' }), value: { n: 2 } }]), ValidationError);
    assert.equal(await adapter.list(), []);
  });

  test('should land writes and removes of one document in the order they were asked for', async ({ adapter }) => {
    const asked = Array.from({ length: 20 }, (_, n) => adapter.put(key(), { n }));
    asked.push(adapter.remove(key()), adapter.put(key({ status: 'published' }), { n: 'last' }));
    await Promise.all(asked);
    assert.is(await adapter.get(key()), null, 'the remove came after every put');
    assert.equal(await adapter.get(key({ status: 'published' })), { n: 'last' });
  });

  test('when the version is missing then remove does nothing', async ({ adapter }) => {
    await adapter.remove(key());
    assert.is(await adapter.get(key()), null);
  });

  test('when a key part could leave its directory then every call throws a ValidationError', async ({ adapter }) => {
    const bad: DocumentKey[] = [
      key({ type: '../x' }),
      key({ documentId: '../x' }),
      key({ documentId: 'a/b' }),
      key({ locale: '..' }),
      key({ locale: '' }),
      key({ type: '.hidden' }),
      key({ status: 'archived' as DocumentKey['status'] }),
    ];
    for (const k of bad) {
      await rejects(adapter.put(k, { n: 1 }), ValidationError);
      await rejects(adapter.get(k), ValidationError);
      await rejects(adapter.remove(k), ValidationError);
    }
    await rejects(adapter.list('../x'), ValidationError);
    assert.equal(await adapter.list(), []);
  });

  test.run();
}

interface Counter extends Row {
  count?: number;
}

const addRow = (table: Table<Counter>, fields: Partial<Counter> = {}) =>
  table.update((data) => {
    const id = data.nextId++;
    data.rows.push({ id, documentId: `doc${id}`, ...fields });
    return id;
  });

export function tableContract(label: string, make: () => Promise<Fresh<Table<Counter>>>): void {
  const test = suite<{ fresh: Fresh<Table<Counter>>; table: Table<Counter> }>(`${label} (Table contract)`);
  test.before.each(async (context) => {
    context.fresh = await make();
    context.table = context.fresh.subject;
  });
  test.after.each(({ fresh }) => fresh.cleanup());

  test('should start with no rows', ({ table }) => {
    assert.equal(table.rows(), []);
  });

  test('should keep its name', ({ table }) => {
    assert.is(table.name, 'counters');
  });

  test('should apply an update and answer what change returned', async ({ table }) => {
    const id = await addRow(table, { count: 5 });
    assert.is(id, 1);
    assert.equal(table.rows(), [{ id: 1, documentId: 'doc1', count: 5 }]);
  });

  test('should increment nextId across updates', async ({ table }) => {
    assert.equal([await addRow(table), await addRow(table), await addRow(table)], [1, 2, 3]);
    assert.is(await table.update((data) => data.nextId), 4);
  });

  test('should tell its next id without an update, never giving a deleted row’s id again', async ({ table }) => {
    assert.is(table.nextId(), 1);
    await addRow(table);
    await addRow(table);
    await table.update((data) => void data.rows.pop());
    assert.is(table.nextId(), 3);
  });

  test('when change throws then the table is untouched and the error reaches the caller', async ({ table }) => {
    await addRow(table, { count: 1 });
    const before = structuredClone(table.rows());
    const failure = new Error('change failed');
    const error = await rejects(
      table.update((data) => {
        data.nextId = 100;
        data.rows[0]!.count = 2;
        data.rows.push({ id: 100, documentId: 'x' });
        throw failure;
      }),
      Error,
    );
    assert.is(error, failure);
    assert.equal(table.rows(), before);
    assert.is(await addRow(table), 2);
  });

  test('should not let rows() be mutated outside update', async ({ table }) => {
    await addRow(table, { count: 1 });
    const rows = table.rows() as Counter[];
    assert.throws(() => rows.push({ id: 9, documentId: 'x' }), (error: unknown) => error instanceof TypeError);
    assert.throws(() => ((rows[0] as Counter).count = 9), (error: unknown) => error instanceof TypeError);
    assert.equal(table.rows(), [{ id: 1, documentId: 'doc1', count: 1 }]);
  });

  test('when updates run concurrently then none is lost', async ({ table }) => {
    await addRow(table, { count: 0 });
    await Promise.all(
      Array.from({ length: 25 }, () =>
        table.update(async (data) => {
          const row = data.rows[0]!;
          const seen = row.count ?? 0;
          await new Promise((resolve) => setImmediate(resolve));
          row.count = seen + 1;
        }),
      ),
    );
    assert.is(table.rows()[0]?.count, 25);
  });

  test('when nothing changed elsewhere then refresh answers false', async ({ table }) => {
    await addRow(table);
    assert.is(table.refresh(), false);
  });

  test.run();
}
