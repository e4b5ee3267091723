/**
 * In-memory twins of the file adapters, with the same interfaces and the same contract suite,
 * for tests that do not need a disk.
 */
import { assertDocumentKey, assertOneDocument, assertSafeName } from './names.js';
import { assertTableData, deepFreeze, emptyTableData } from './table-data.js';
import type { CommitOptions, DocumentAdapter, DocumentKey, DocumentVersions, Json, Row, StoredDocument, Table, TableData } from './types.js';

/**
 * A DocumentAdapter in a Map. Values are copied through JSON on the way in and out, so callers can
 * neither mutate what is stored nor store what a file could not hold.
 *
 * @example
 * const documents = createMemoryDocuments();
 * await documents.put({ type: 'article', documentId: 'a1', status: 'draft', locale: 'en' }, { title: 'Hi' });
 */
export function createMemoryDocuments(): DocumentAdapter {
  const store = new Map<string, { key: DocumentKey; text: string }>();
  const id = (key: DocumentKey) => {
    assertDocumentKey(key);
    return [key.type, key.documentId, key.status, key.locale].join('\u0000');
  };
  const parse = (text: string) => JSON.parse(text) as Record<string, Json>;
  async function putAll(versions: readonly StoredDocument[], options?: CommitOptions): Promise<void> {
    assertOneDocument(versions);
    await options?.with?.();
    for (const { key, value } of versions) {
      const { type, documentId, status, locale } = key;
      store.set(id(key), { key: { type, documentId, status, locale }, text: JSON.stringify(value) });
    }
  }

  return {
    async get(key) {
      const stored = store.get(id(key));
      return stored ? parse(stored.text) : null;
    },
    async put(key, value) {
      await putAll([{ key, value }]);
    },
    putAll,
    async list(type) {
      if (type !== undefined) assertSafeName(type, 'type');
      const found: StoredDocument[] = [];
      for (const { key, text } of store.values()) {
        if (type === undefined || key.type === type) found.push({ key: { ...key }, value: parse(text) });
      }
      return found;
    },
    async remove(key, options) {
      await options?.with?.();
      store.delete(id(key));
    },
    async documentIds(type) {
      assertSafeName(type, 'type');
      return [...new Set([...store.values()].filter(({ key }) => key.type === type).map(({ key }) => key.documentId))];
    },
    async readDocument(type, documentId) {
      assertSafeName(type, 'type');
      assertSafeName(documentId, 'documentId');
      const found: DocumentVersions = { versions: [], broken: [] };
      for (const { key, text } of store.values()) {
        if (key.type === type && key.documentId === documentId) found.versions.push({ key: { ...key }, value: parse(text) });
      }
      return found;
    },
  };
}

/**
 * A Table with no disk and no lock: `update` still runs one change at a time on a copy, so a
 * throwing change leaves the table as it was, exactly like the file-backed table.
 *
 * @example
 * const roles = createMemoryTable<Role>('roles', { nextId: 3, rows: [publicRole, authenticatedRole] });
 */
export function createMemoryTable<R extends Row>(name: string, initial?: TableData<R>): Table<R> {
  assertSafeName(name, 'table name');
  const start = structuredClone(initial ?? emptyTableData<R>());
  assertTableData<R>(start, `table ${name}`);
  let data = deepFreeze(start);
  let tail: Promise<unknown> = Promise.resolve();

  return {
    name,
    rows: () => data.rows,
    nextId: () => data.nextId,
    update<T>(change: (draft: TableData<R>) => T): Promise<T> {
      const run = tail.then(async () => {
        const draft = structuredClone(data);
        const result = await change(draft);
        assertTableData<R>(draft, `table ${name} (after update)`);
        data = deepFreeze(draft);
        return result as T;
      });
      tail = run.catch(() => undefined);
      return run;
    },
    refresh: () => false,
  };
}
