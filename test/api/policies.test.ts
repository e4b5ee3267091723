/**
 * A policy belongs to its action, not to one transport: the policies `folio.routes.configure` puts
 * on a content type's action run for REST, GraphQL, an upload that links files, a restore and the
 * document service acting as a user, each time with the caller as `ctx.state.user` (without
 * secrets) and `ctx.state.auth`; the project's own routes hand their policies the same. A refusal
 * is 403 `Policy Failed`, logged with the policy's name, and writes nothing. On the store the run names.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { apiServer, USER_ACTIONS, type ApiServer } from '../_helpers/server.js';
import { storedTable } from '../_helpers/at-rest.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

const NOTE = `kind: collectionType
info: { singularName: note, pluralName: notes, displayName: Note }
options: { draftAndPublish: false }
attributes:
  title:  { type: string }
  cover:  { type: media }
  author: { type: relation, relation: manyToOne, target: plugin::users-permissions.user }
`;

/** The policies under test: docs/custom-code.md's is-author, and one that reports what it was handed. */
const EXTENSION = `import type { Folio } from 'foliocms';

export default {
  register(folio: Folio) {
    folio.policies.add('is-author', async (ctx, _config, { folio }) => {
      const user = ctx.state.user;
      if (!user) return false;
      // Read as the caller: a policy's own reads are not policed again (this one guards findOne too).
      const note = await folio.documents('api::note.note', { user }).findOne({ documentId: ctx.params.documentId ?? '', populate: ['author'] });
      return note !== null && (note.author as { id?: number } | null)?.id === user.id;
    });
    folio.policies.add('signed-in', (ctx) => ctx.state.user !== undefined);
    folio.policies.add('has-header', (ctx) => ctx.get('x-let-me-in') === 'yes');
    for (const action of ['findOne', 'update', 'delete', 'history', 'restore']) folio.routes.configure('api::note.note', action, { policies: ['is-author'] });
    folio.routes.configure('api::note.note', 'create', { policies: ['signed-in'] });
    folio.routes.configure('api::category.category', 'update', { policies: ['has-header'] });

    folio.routes.add({
      method: 'POST',
      path: '/notes/:documentId/pin',
      handler: (ctx) => ({ pinned: ctx.params.documentId, by: ctx.state.user?.username }),
      config: { policies: ['is-author'] },
    });
    folio.routes.add({
      method: 'GET',
      path: '/whoami',
      handler: (ctx) => ({ handler: ctx.state, policy: ctx.state.seenByPolicy }),
      config: { auth: false, policies: [(ctx) => { ctx.state.seenByPolicy = JSON.parse(JSON.stringify(ctx.state)); return true; }] },
    });
  },
};
`;

const NOTE_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete', 'history', 'restore', 'pin'].map((action) => `api::note.note.${action}`);
const CATEGORY_ACTIONS = ['find', 'findOne', 'create', 'update', 'history', 'restore'].map((action) => `api::category.category.${action}`);
const UPLOAD = ['upload', 'find'].map((action) => `plugin::upload.content-api.${action}`);

let api: ApiServer;
const people: Record<'alice' | 'bob', { id: number; auth: Record<string, string> }> = {} as never;

const test = suite('policies run for the action, whichever way it comes');
test.before(async () => {
  api = await apiServer({
    files: { 'content-types/note.yaml': NOTE, 'extensions/index.ts': EXTENSION },
    publicActions: ['api::note.note.find', 'api::note.note.create', 'api::category.category.history', 'api::category.category.restore'],
    authenticatedActions: [...NOTE_ACTIONS, ...CATEGORY_ACTIONS, ...UPLOAD, ...USER_ACTIONS],
    config: { 'users-permissions': { ratelimit: { enabled: false } } },
  });
  for (const name of ['alice', 'bob'] as const) {
    const registered = await api.post('/api/auth/local/register', { username: name, email: `${name}@example.com`, password: 'a-long-password-1' });
    assert.is(registered.status, 200, registered.text);
    people[name] = { id: registered.body.user.id, auth: { Authorization: `Bearer ${registered.body.jwt}` } };
  }
});
test.after(() => api.close());

/** A note of alice's: answers its documentId. */
async function alicesNote(title: string): Promise<string> {
  const created = await api.post('/api/notes', { data: { title, author: people.alice.id } }, people.alice.auth);
  assert.is(created.status, 200, created.text);
  return created.body.data.documentId;
}

const refused = (answer: { status: number; body: any; text: string }, what: string) => {
  assert.is(answer.status, 403, `${what}: ${answer.text}`);
  assert.equal(answer.body.error, { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} }, what);
};

const titleOf = async (documentId: string) => (await api.project.extensions.folio.documents('api::note.note').findOne({ documentId }))?.title;

test('a policy sees the caller: on a generated route and on a route of the project', async () => {
  const id = await alicesNote('Mine');
  const mine = await api.put(`/api/notes/${id}`, { data: { title: 'Still mine' } }, people.alice.auth);
  assert.is(mine.status, 200, mine.text);
  refused(await api.put(`/api/notes/${id}`, { data: { title: 'Taken' } }, people.bob.auth), "bob's update");
  refused(await api.post('/api/notes', { data: { title: 'Anonymous' } }), "Public's create");
  assert.is(await titleOf(id), 'Still mine', 'the refused write wrote nothing');
  const pinned = await api.post(`/api/notes/${id}/pin`, {}, people.alice.auth);
  assert.equal(pinned.body, { pinned: id, by: 'alice' });
  refused(await api.post(`/api/notes/${id}/pin`, {}, people.bob.auth), "bob's pin");
  assert.ok(api.log.some((line) => line.includes('policy "is-author" refused') && line.includes('update')), 'the refusal is logged with the policy');
});

test('a policy and its handler see one state: the user without secrets and how they signed in, never the server actor', async () => {
  const asAlice = (await api.get('/api/whoami', people.alice.auth)).body;
  assert.equal(asAlice.policy, { user: asAlice.handler.user, auth: asAlice.handler.auth });
  assert.equal(Object.keys(asAlice.handler).sort(), ['auth', 'seenByPolicy', 'user']);
  assert.is(asAlice.handler.user.username, 'alice');
  assert.is(asAlice.handler.user.role.type, 'authenticated', 'the role, as Strapi populates it');
  assert.equal(asAlice.handler.auth, { strategy: { name: 'users-permissions' }, credentials: asAlice.handler.user });
  const everything = JSON.stringify(asAlice);
  for (const secret of ['password', 'scrypt', 'tokenVersion', '"permissions"', '"actor"']) assert.not.ok(everything.includes(secret), `no ${secret}`);

  const { accessKey } = await api.project.apiTokens.create(SYSTEM_ACTOR, { name: 'site-build', type: 'read-only' });
  const asToken = (await api.get('/api/whoami', { Authorization: `Bearer ${accessKey}` })).body.handler;
  assert.equal(asToken.auth, { strategy: { name: 'api-token' }, credentials: { id: asToken.auth.credentials.id, name: 'site-build' } });
  assert.is(asToken.user, undefined);
  assert.equal((await api.get('/api/whoami')).body.handler.auth, { strategy: { name: 'users-permissions' }, credentials: null });
});

test('GraphQL runs the same policies, with the same caller', async () => {
  const id = await alicesNote('Over GraphQL');
  const ask = (query: string, who: 'alice' | 'bob') => api.post('/graphql', { query }, people[who].auth);
  const read = await ask(`{ note(documentId: "${id}") { title } }`, 'bob');
  assert.is(read.body.errors?.[0]?.extensions?.code, 'FORBIDDEN', read.text);
  assert.is(read.body.errors[0].extensions.error.name, 'PolicyError');
  assert.equal(read.body.data, { note: null });
  assert.equal((await ask(`{ note(documentId: "${id}") { title } }`, 'alice')).body.data, { note: { title: 'Over GraphQL' } });
  const update = await ask(`mutation { updateNote(documentId: "${id}", data: { title: "Taken" }) { title } }`, 'bob');
  assert.is(update.body.errors?.[0]?.extensions?.error?.name, 'PolicyError', update.text);
  const remove = await ask(`mutation { deleteNote(documentId: "${id}") { documentId } }`, 'bob');
  assert.is(remove.body.errors?.[0]?.extensions?.error?.name, 'PolicyError', remove.text);
  assert.is(await titleOf(id), 'Over GraphQL', 'nothing written or deleted');
  assert.equal((await ask(`mutation { updateNote(documentId: "${id}", data: { title: "Edited" }) { title } }`, 'alice')).body.data, { updateNote: { title: 'Edited' } });

  // A policy that reads a header reads the GraphQL request's.
  const category = (await api.post('/api/categories', { data: { name: 'Headers' } }, people.alice.auth)).body.data.documentId;
  const rename = `mutation { updateCategory(documentId: "${category}", data: { name: "Renamed" }) { name } }`;
  const bare = await api.post('/graphql', { query: rename }, people.alice.auth);
  assert.is(bare.body.errors?.[0]?.extensions?.error?.name, 'PolicyError', bare.text);
  const withHeader = await api.post('/graphql', { query: rename }, { ...people.alice.auth, 'x-let-me-in': 'yes' });
  assert.equal(withHeader.body.data, { updateCategory: { name: 'Renamed' } }, withHeader.text);
});

test("an upload that links files to an entry passes that entry's update policies, before anything is stored", async () => {
  const id = await alicesNote('With a cover');
  const filesBefore = (await storedTable(api.dir, 'files').catch(() => ({ rows: [] }))).rows.length;
  const send = (who: 'alice' | 'bob') => {
    const form = new FormData();
    form.append('ref', 'api::note.note');
    form.append('refId', id);
    form.append('field', 'cover');
    form.append('files', new Blob(['a plain text file'], { type: 'text/plain' }), 'note.txt');
    return fetch(`${api.url}/api/upload`, { method: 'POST', body: form, headers: people[who].auth });
  };
  const bobs = await send('bob');
  assert.is(bobs.status, 403);
  assert.is(((await bobs.json()) as { error: { name: string } }).error.name, 'PolicyError');
  assert.is((await storedTable(api.dir, 'files').catch(() => ({ rows: [] }))).rows.length, filesBefore, 'no file stored');
  const alices = await send('alice');
  assert.is(alices.status, 201, await alices.clone().text());
  const linked = await api.get(`/api/notes/${id}?populate=cover`, people.alice.auth);
  assert.is(linked.body.data.cover.name, 'note.txt');
});

test("a restore passes its own policies and update's, and needs update as well as restore", async () => {
  const id = await alicesNote('First');
  assert.is((await api.put(`/api/notes/${id}`, { data: { title: 'Second' } }, people.alice.auth)).status, 200);
  const entries = await api.get(`/api/notes/${id}/history`, people.alice.auth);
  assert.is(entries.status, 200, entries.text);
  const first = entries.body.data.at(-1).version;
  refused(await api.get(`/api/notes/${id}/history`, people.bob.auth), "bob's history read");
  refused(await api.post(`/api/notes/${id}/actions/restore`, { version: first }, people.bob.auth), "bob's restore");
  assert.is(await titleOf(id), 'Second');
  assert.is((await api.post(`/api/notes/${id}/actions/restore`, { version: first }, people.alice.auth)).body.data.title, 'First');

  // Categories: a policy on update only, which a restore meets too.
  const category = (await api.post('/api/categories', { data: { name: 'Before' } }, people.alice.auth)).body.data.documentId;
  assert.is((await api.put(`/api/categories/${category}`, { data: { name: 'After' } }, { ...people.alice.auth, 'x-let-me-in': 'yes' })).status, 200);
  const version = (await api.get(`/api/categories/${category}/history`, people.alice.auth)).body.data.at(-1).version;
  refused(await api.post(`/api/categories/${category}/actions/restore`, { version }, people.alice.auth), 'a restore without the header');
  const restored = await api.post(`/api/categories/${category}/actions/restore`, { version }, { ...people.alice.auth, 'x-let-me-in': 'yes' });
  assert.is(restored.body.data.name, 'Before', restored.text);
  // Public holds restore and history on categories, not update.
  const anonymous = await api.post(`/api/categories/${category}/actions/restore`, { version }, { 'x-let-me-in': 'yes' });
  assert.is(anonymous.status, 403);
  assert.is(anonymous.body.error.name, 'ForbiddenError');
});

test('the document service acting as a user passes the policies; acting as the system it is not asked', async () => {
  const id = await alicesNote('Scripted');
  const asBob = api.project.extensions.folio.documents('api::note.note', { user: people.bob.id });
  try {
    await asBob.update({ documentId: id, data: { title: 'Taken' } });
    assert.unreachable('bob updated alice\'s note');
  } catch (error) {
    assert.is((error as Error).name, 'PolicyError');
  }
  const asAlice = api.project.extensions.folio.documents('api::note.note', { user: people.alice.id });
  assert.is((await asAlice.update({ documentId: id, data: { title: 'By alice' } })).title, 'By alice');
  assert.is((await api.project.extensions.folio.documents('api::note.note').update({ documentId: id, data: { title: 'By the system' } })).title, 'By the system');
});

test.run();
