/**
 * History answers no more of a document than a read does: a version is presented without the
 * attributes that are private or passwords in its content type of then or in today's (an attribute
 * made private since is hidden in every old version), and an entry's `changed` never names one.
 * Kept by the store (files outside git, or PostgreSQL) and by git.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually } from '../_helpers/index.js';
import { commitProjectToGit, serveProject, testProject, type ApiServer } from '../_helpers/server.js';

/** The locker's content type, the string attributes `privates` names private (`secret` is a password). */
const lockerType = (privates: string[]) => [
  'kind: collectionType',
  'info: { singularName: locker, pluralName: lockers, displayName: Locker }',
  'options: { draftAndPublish: false }',
  'attributes:',
  ...['label', 'pin', 'code'].map((name) =>
    `  ${name}: { type: string${privates.includes(name) ? ', private: true' : ''} }`),
  '  secret: { type: password }',
  '',
].join('\n');
const FILES = { 'content-types/locker.yaml': lockerType(['code']) };

const test = suite('history of a document with private attributes');

/** Writes the locker's content type with `privates` private, and waits until the server serves it. */
async function lockerMadePrivate(api: ApiServer, privates: string[]): Promise<void> {
  const reloads = () => api.log.filter((line) => line.includes('content types reloaded')).length;
  const before = reloads();
  await writeFile(join(api.dir, 'content-types/locker.yaml'), lockerType(privates));
  await eventually(async () => reloads() > before, 'the content types reloaded');
}

/** A locker written by Public; answers its documentId. */
async function locker(api: ApiServer, data: Record<string, unknown>): Promise<string> {
  const created = await api.post('/api/lockers', { data });
  assert.is(created.status, 200, created.text);
  return created.body.data.documentId;
}

type Entry = { version: string; action: string; changed: string[] };

/** The entries of a locker's history, once there are `count` (git's commits follow the writes by a moment). */
async function entriesOf(api: ApiServer, documentId: string, count: number): Promise<Entry[]> {
  let entries: Entry[] = [];
  const read = async () => (entries = (await api.get(`/api/lockers/${documentId}/history`)).body.data ?? []);
  await eventually(async () => (await read()).length >= count, `${count} entries`);
  return entries;
}

/** Writes a version with `pin` public, makes `pin` private on disk, and reads back that version and its `changed`. */
async function versionAfterPinMadePrivate(api: ApiServer): Promise<{ data: Record<string, unknown>; changed: string[] }> {
  const documentId = await locker(api, { label: 'Front door', pin: '4821' });
  const [created] = await entriesOf(api, documentId, 1);
  const before = await api.get(`/api/lockers/${documentId}/history/${created!.version}`);
  assert.is(before.body.data.pin, '4821', 'public when it was written');
  await lockerMadePrivate(api, ['pin', 'code']);
  const version = await api.get(`/api/lockers/${documentId}/history/${created!.version}`);
  assert.is(version.status, 200, version.text);
  const [entry] = await entriesOf(api, documentId, 1);
  return { data: version.body.data, changed: entry!.changed };
}

test('an entry\'s changed attributes name no private or password attribute, of the type then or of today\'s', async () => {
  const project = await testProject({ files: FILES });
  const api = await serveProject(project.dir, project.cleanup);
  try {
    const documentId = await locker(api, { label: 'Front door', pin: '4821', code: 'c-1', secret: 'a-long-secret-1' });
    const update = { label: 'Back door', code: 'c-2', secret: 'a-long-secret-2' };
    assert.is((await api.put(`/api/lockers/${documentId}`, { data: update })).status, 200);
    const changed = async () => (await entriesOf(api, documentId, 2)).map((entry) => [entry.action, entry.changed]);
    assert.equal(await changed(), [['update', ['label']], ['create', ['label', 'pin']]]);
    await lockerMadePrivate(api, ['pin']);
    // pin is private now; code was private when it was written.
    assert.equal(await changed(), [['update', ['label']], ['create', ['label']]]);
  } finally {
    await api.close();
  }
});

test('kept by the store, a version written before an attribute was made private is answered without it', async () => {
  const project = await testProject({ files: FILES });
  const api = await serveProject(project.dir, project.cleanup);
  try {
    const { data, changed } = await versionAfterPinMadePrivate(api);
    assert.is(data.label, 'Front door');
    assert.not.ok('pin' in data, JSON.stringify(data));
    assert.equal(changed, ['label']);
  } finally {
    await api.close();
  }
});

test('kept by git, a version committed with an attribute public is answered without it once it is private', async () => {
  const project = await testProject({ files: FILES, config: { server: { git: { commit: true } } } });
  await commitProjectToGit(project.dir);
  const api = await serveProject(project.dir, project.cleanup);
  try {
    // On PostgreSQL the documents are no files git could commit: the store keeps history there.
    assert.is(api.project.history.kind, process.env.FOLIO_TEST_DATABASE ? 'store' : 'git');
    const { data, changed } = await versionAfterPinMadePrivate(api);
    assert.is(data.label, 'Front door');
    assert.not.ok('pin' in data, JSON.stringify(data));
    assert.equal(changed, ['label']);
  } finally {
    await api.close();
  }
});

test.run();
