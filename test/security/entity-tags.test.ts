/**
 * An `ETag` tells a caller nothing it may not read: the state it names is keyed with the project's
 * secret, so hashing guesses of a private attribute never finds the tag a Public caller was given.
 * It still changes with every change of the document, private attributes included, and every
 * process that shares the secret makes the same one, so `If-Match` holds across them.
 */
import { hash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { stableStringify, type Json } from '../../src/storage/index.js';
import { serveProject, testProject, type ApiServer } from '../_helpers/server.js';

const LOCKER = [
  'kind: collectionType',
  'info: { singularName: locker, pluralName: lockers, displayName: Locker }',
  'options: { draftAndPublish: false }',
  'attributes:',
  '  label: { type: string }',
  '  pin:   { type: string, private: true }',
].join('\n');

const test = suite('ETag of a document with a private attribute');

const tagOf = (answer: { headers: Headers }) => answer.headers.get('etag')!;
/** The part of a tag `If-Match` compares: the document's state. */
const stateOf = (tag: string) => tag.slice(1, tag.indexOf('.'));
/** How a state named a stored version before it was keyed: the start of an unkeyed SHA-1 of the row. */
const unkeyedHash = (row: Record<string, Json>) => hash('sha1', stableStringify(row), 'base64url').slice(0, 11);

/** A locker holding `pin`, written and read by Public; answers its documentId and the tag Public read. */
async function locker(api: ApiServer, pin: string): Promise<{ documentId: string; tag: string }> {
  const created = await api.post('/api/lockers', { data: { label: 'Front door', pin } });
  assert.is(created.status, 200, created.text);
  const documentId = created.body.data.documentId as string;
  const read = await api.get(`/api/lockers/${documentId}`);
  assert.not.ok('pin' in read.body.data, 'the pin is private');
  return { documentId, tag: tagOf(read) };
}

/** Serves the project in `dir` with `JWT_SECRET` set to `secret` in its .env (beside what the .env held). */
async function serveWithSecret(dir: string, env: string, secret: string): Promise<ApiServer> {
  await writeFile(join(dir, '.env'), `${env}JWT_SECRET=${secret}\n`, { mode: 0o600 });
  return serveProject(dir);
}

test('hashing every 4-digit pin beside the stored row never gives the tag a Public caller read', async () => {
  const project = await testProject({ files: { 'content-types/locker.yaml': LOCKER } });
  const api = await serveProject(project.dir, project.cleanup);
  try {
    const { tag } = await locker(api, '4821');
    const [stored] = await api.project.documents.list('locker');
    const state = stateOf(tag);
    assert.not.ok(state.includes(unkeyedHash(stored!.value)), 'the stored row itself');
    const found: string[] = [];
    for (let guess = 0; guess < 10_000; guess++) {
      const pin = String(guess).padStart(4, '0');
      if (state.includes(unkeyedHash({ ...stored!.value, pin }))) found.push(pin);
    }
    assert.equal(found, [], 'no guess matches');
  } finally {
    await api.close();
  }
});

test('a change of the private attribute alone gives another tag: a stale one is refused 412, the current one writes', async () => {
  const project = await testProject({ files: { 'content-types/locker.yaml': LOCKER } });
  const api = await serveProject(project.dir, project.cleanup);
  try {
    const { documentId, tag: before } = await locker(api, '4821');
    assert.is((await api.put(`/api/lockers/${documentId}`, { data: { pin: '1234' } })).status, 200);
    const after = tagOf(await api.get(`/api/lockers/${documentId}`));
    assert.is.not(stateOf(after), stateOf(before));
    const [stored] = await api.project.documents.list('locker');
    assert.not.ok(stateOf(after).includes(unkeyedHash(stored!.value)), 'keyed after a write too');
    const relabel = (tag: string) =>
      api.put(`/api/lockers/${documentId}`, { data: { label: 'Back door' } }, { 'if-match': tag });
    const stale = await relabel(before);
    assert.is(stale.status, 412, stale.text);
    const current = await relabel(after);
    assert.is(current.status, 200, current.text);
  } finally {
    await api.close();
  }
});

test('every process with the same secret makes the same tag, and takes it in If-Match; another secret makes another', async () => {
  const project = await testProject({ files: { 'content-types/locker.yaml': LOCKER } });
  // On PostgreSQL the .env names the database: each server here reads the same documents.
  const env = await readFile(join(project.dir, '.env'), 'utf8').catch(() => '');
  const [secret, other] = [randomBytes(32).toString('base64'), randomBytes(32).toString('base64')];
  let api: ApiServer | undefined;
  /** The state of the locker as a server under `key` tags it, and that server (left running). */
  const served = async (key: string, documentId: string) => {
    await api?.stop();
    api = await serveWithSecret(project.dir, env, key);
    return stateOf(tagOf(await api.get(`/api/lockers/${documentId}`)));
  };
  try {
    api = await serveWithSecret(project.dir, env, secret);
    const { documentId, tag } = await locker(api, '4821');
    assert.is.not(await served(other, documentId), stateOf(tag), 'another secret');
    assert.is(await served(secret, documentId), stateOf(tag), 'the same secret');
    const written = await api.put(`/api/lockers/${documentId}`, { data: { label: 'Side door' } }, { 'if-match': tag });
    assert.is(written.status, 200, written.text);
  } finally {
    await api?.stop();
    await project.cleanup();
  }
});

test.run();
