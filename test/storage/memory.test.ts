import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createMemoryDocuments, createMemoryTable, type Row, type TableData } from '../../src/storage/index.js';
import { documentContract, tableContract } from './contract.js';

documentContract('createMemoryDocuments()', async () => ({ subject: createMemoryDocuments(), cleanup: async () => undefined }));
tableContract('createMemoryTable(name)', async () => ({ subject: createMemoryTable('counters'), cleanup: async () => undefined }));

const initial = suite('createMemoryTable(name, initial)');

initial('should start from a copy of the initial data', async () => {
  const data: TableData<Row> = { nextId: 3, rows: [{ id: 1, documentId: 'a' }, { id: 2, documentId: 'b' }] };
  const table = createMemoryTable('roles', data);
  data.rows.pop();
  assert.equal(table.rows(), [{ id: 1, documentId: 'a' }, { id: 2, documentId: 'b' }]);
  assert.is(await table.update((d) => d.nextId), 3);
});

initial.run();
