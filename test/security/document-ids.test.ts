/**
 * A documentId that is not one names no document: every route, GraphQL field and document-service
 * call that takes one answers 404 (or null where a read answers null) before anything is read, so
 * that `..` or `..%2Farticle` can never become a path, in a folder or in git's log. The attack this
 * holds off: a caller holding `history` on categories only read the past of every type with
 * `GET /api/categories/%2e%2e/history`, authors' emails included. In git, on the store the run names.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { commitProjectToGit, serveProject, testProject, type ApiServer } from '../_helpers/server.js';

const run = promisify(execFile);

const CATEGORY = ['find', 'findOne', 'create', 'update', 'delete', 'history', 'restore'].map((action) => `api::category.category.${action}`);
const ARTICLE = ['find', 'findOne', 'create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft'].map((action) => `api::article.article.${action}`);
/** A type the caller may write but not read the past of: its history is what the attack read. */
const SECRET = ['kind: collectionType', 'info: { singularName: secret, pluralName: secrets, displayName: Secret }', 'options: { draftAndPublish: false }', 'attributes:', '  note: { type: string }', ''].join('\n');
/** Ids that are not ids, as a path segment sends them. */
const NOT_IDS = ['%2e%2e', '..%2Fsecret', '..%2F..%2Fconfig', '.hidden', 'a%00b'];

let api: ApiServer;
let alice: Record<string, string>;

const test = suite('a documentId that is not one');
test.before(async () => {
  const project = await testProject({
    files: { 'content-types/secret.yaml': SECRET },
    config: { server: { git: { commit: true } } },
    publicActions: [],
    authenticatedActions: [...CATEGORY, ...ARTICLE, 'api::secret.secret.create'],
  });
  await commitProjectToGit(project.dir);
  api = await serveProject(project.dir, project.cleanup);
  const registered = await api.post('/api/auth/local/register', { username: 'alice', email: 'alice@example.com', password: 'a-long-password-1' });
  alice = { Authorization: `Bearer ${registered.body.jwt}` };
  assert.is((await api.post('/api/secrets', { data: { note: 'Only for those who hold its history' } }, alice)).status, 200);
  await api.project.history?.flush();
});
test.after(() => api.close());

/** A request whose path is sent as given: a URL parser would fold `%2e%2e` away before it left. */
const raw = (method: string, path: string, body?: unknown) => api.send(method, path, body === undefined ? undefined : JSON.stringify(body), alice);

const isNotFound = (answer: { status: number; body: any }, what: string) => {
  assert.is(answer.status, 404, `${what}: ${JSON.stringify(answer.body)}`);
  assert.is(answer.body.error.name, 'NotFoundError', what);
};

test('history of a type is never read through another type: /history, /history/:version and restore are 404', async () => {
  const versions = (await run('git', ['log', '--format=%H'], { cwd: api.dir })).stdout.trim().split('\n');
  for (const id of NOT_IDS) {
    const listed = await raw('GET', `/api/categories/${id}/history`);
    isNotFound(listed, `history of ${id}`);
    assert.not.match(listed.text, /Only for those|alice@example\.com/);
    isNotFound(await raw('GET', `/api/categories/${id}/history/${versions[0]}`), `version of ${id}`);
    isNotFound(await raw('POST', `/api/categories/${id}/actions/restore`, { version: versions[0] }), `restore of ${id}`);
  }
});

test('the Content API answers 404 for each route that takes a documentId', async () => {
  for (const id of NOT_IDS) {
    isNotFound(await raw('GET', `/api/categories/${id}`), `GET ${id}`);
    isNotFound(await raw('PUT', `/api/categories/${id}`, { data: { name: 'x' } }), `PUT ${id}`);
    isNotFound(await raw('DELETE', `/api/categories/${id}`), `DELETE ${id}`);
    isNotFound(await raw('POST', `/api/articles/${id}/actions/publish`, {}), `publish ${id}`);
  }
});

test('GraphQL reads no such document (null) and writes none (a not-found error)', async () => {
  const read = await api.post('/graphql', { query: '{ category(documentId: "../article") { name } }' }, alice);
  assert.is(read.status, 200, JSON.stringify(read.body));
  assert.equal(read.body.data, { category: null });
  const write = await api.post('/graphql', { query: 'mutation { updateCategory(documentId: "..", data: { name: "x" }) { name } }' }, alice);
  assert.is(write.body.errors?.[0]?.extensions?.error?.name, 'NotFoundError', JSON.stringify(write.body));
  const removed = await api.post('/graphql', { query: 'mutation { deleteCategory(documentId: "../..") { documentId } }' }, alice);
  assert.is(removed.body.errors?.[0]?.extensions?.error?.name, 'NotFoundError', JSON.stringify(removed.body));
});

test('the document service: findOne answers null, a write a NotFoundError', async () => {
  const categories = api.project.extensions.folio.documents('api::category.category');
  assert.is(await categories.findOne({ documentId: '..' }), null);
  try {
    await categories.update({ documentId: '../article', data: { name: 'x' } });
    assert.unreachable('the update went through');
  } catch (error) {
    assert.is((error as Error).name, 'NotFoundError');
  }
});

test.run();
