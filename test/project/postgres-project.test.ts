// A project on PostgreSQL, as a user runs it: `folio db migrate`, the CLI, and several `folio serve`
// processes on one database, each serving what the others write; a database that cannot be
// reached stops the server at start in one line.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { eventually, folio, freePort, initProject, request } from '../_helpers/index.js';
import { startPostgres } from '../_helpers/postgres.js';
import { startRedis } from '../_helpers/redis.js';
import { startMockProvider } from '../auth/providers/_helpers.js';
import { serve, type ServeProcess } from '../_helpers/server.js';

const postgres = await startPostgres();
const test = suite('a project on PostgreSQL');
test.after(() => postgres.stop());

test('folio db migrate should create the tables and seed the roles once; the CLI and two servers should share one dataset', async () => {
  const project = await initProject();
  const env = { DATABASE_URL: await postgres.newDatabase() };
  const servers: ServeProcess[] = [];
  try {
    const migrated = await folio(['db', 'migrate', '--dir', project.dir], { env });
    assert.is(migrated.code, 0, migrated.stderr);
    assert.match(migrated.stdout, /^The database postgres:\/\/postgres@127\.0\.0\.1:\d+\/folio_test_\w+ was migrated \(applied 1, 2, 3, 4, 5\): schema version 5\.\n$/);
    assert.not.match(migrated.stdout + migrated.stderr, new RegExp(new URL(env.DATABASE_URL).password), 'the password is never shown');
    assert.match((await folio(['db', 'migrate', '--dir', project.dir], { env })).stdout, /is up to date: schema version 5\./);
    const roles = JSON.parse((await folio(['role', 'list', '--json', '--dir', project.dir], { env })).stdout) as Array<{ type: string }>;
    assert.equal(roles.map((role) => role.type).sort(), ['authenticated', 'public']);

    assert.is((await folio(['content-type', 'create', 'article', '--attr', 'title:string', '--dir', project.dir], { env })).code, 0);
    assert.is((await folio(['permission', 'grant', 'public', 'api::article.article.create', '--dir', project.dir], { env })).code, 0);
    const created = await folio(['user', 'create', '--username', 'ada', '--email', 'ada@example.com', '--password', 'correct-horse-1', '--dir', project.dir], { env });
    assert.is(created.code, 0, created.stderr);

    servers.push(await serve(project.dir, [], env), await serve(project.dir, [], env));
    const [a, b] = servers as [ServeProcess, ServeProcess];
    // A permission granted by the CLI is obeyed by a running server, through the database, as soon
    // as the command has returned: it waits for the servers to confirm they serve the change.
    assert.is((await request(`${b.url}/api/articles`)).status, 403);
    assert.is((await folio(['permission', 'grant', 'public', 'api::article.article.find', '--dir', project.dir], { env })).code, 0);
    assert.is((await request(`${b.url}/api/articles`)).status, 200, 'the grant served by a running server');

    // A write acknowledged by one process is served by the other.
    const posted = await request(`${a.url}/api/articles`, { method: 'POST', body: { data: { title: 'Written through A' } } });
    assert.is(posted.status, 200, JSON.stringify(posted.body));
    await eventually(async () => (await request(`${b.url}/api/articles`)).body.data.some((article: { title: string }) => article.title === 'Written through A'), 'A’s article served by B');

    // A user blocked by the CLI is refused by both servers on the next request: a login, and the
    // token she signed in with a moment ago.
    const signedIn = await request(`${a.url}/api/auth/local`, { method: 'POST', body: { identifier: 'ada', password: 'correct-horse-1' } });
    assert.is(signedIn.status, 200);
    const bearer = { authorization: `Bearer ${signedIn.body.jwt}` };
    assert.is((await request(`${b.url}/api/users/me`, { headers: bearer })).status, 200);
    assert.is((await folio(['user', 'block', 'ada@example.com', '--dir', project.dir], { env })).code, 0);
    for (const server of servers) {
      assert.is((await request(`${server.url}/api/users/me`, { headers: bearer })).status, 401, `the blocked user's token refused by ${server.url}`);
      assert.is((await request(`${server.url}/api/auth/local`, { method: 'POST', body: { identifier: 'ada', password: 'correct-horse-1' } })).status, 400, `the blocked user's login refused by ${server.url}`);
    }

    // Nothing of the data went to data/: documents and tables are in the database.
    const dataFiles = await readdir(join(project.dir, 'data'));
    assert.not.ok(dataFiles.includes('users.json') || dataFiles.includes('content'), dataFiles.join(', '));
  } finally {
    for (const server of servers) await server.stop();
    await project.cleanup();
  }
});

test('a user blocked, a session ended or a role deleted through one of three processes is obeyed by the other two on the very next request', async () => {
  const project = await initProject();
  const env = { DATABASE_URL: await postgres.newDatabase() };
  const servers: ServeProcess[] = [];
  try {
    const up = join(project.dir, 'config/users-permissions.yaml');
    const settings = parse(await readFile(up, 'utf8'));
    await writeFile(up, stringify({ ...settings, jwtManagement: 'refresh', ratelimit: { enabled: false } }));
    assert.is((await folio(['permission', 'grant', 'authenticated', 'plugin::users-permissions.user.update', '--dir', project.dir], { env })).code, 0);
    for (const [username, email] of [['boss', 'boss@example.com'], ['ada', 'ada@example.com']]) {
      assert.is((await folio(['user', 'create', '--username', username!, '--email', email!, '--password', 'correct-horse-1', '--dir', project.dir], { env })).code, 0);
    }
    for (let i = 0; i < 3; i++) servers.push(await serve(project.dir, [], env));
    const [a, b, c] = servers as [ServeProcess, ServeProcess, ServeProcess];
    const login = async (server: ServeProcess, identifier: string) => {
      const answer = await request(`${server.url}/api/auth/local`, { method: 'POST', body: { identifier, password: 'correct-horse-1' } });
      assert.is(answer.status, 200, JSON.stringify(answer.body));
      return answer.body as { jwt: string; refreshToken: string; user: { id: number } };
    };
    const boss = await login(a, 'boss');
    const me = (server: ServeProcess, jwt: string) => request(`${server.url}/api/users/me`, { headers: { authorization: `Bearer ${jwt}` } });

    for (let round = 0; round < 5; round++) {
      const ada = await login(b, 'ada');
      assert.is((await me(c, ada.jwt)).status, 200);
      const blocked = await request(`${a.url}/api/users/${ada.user.id}`, { method: 'PUT', headers: { authorization: `Bearer ${boss.jwt}` }, body: { blocked: true } });
      assert.is(blocked.status, 200, JSON.stringify(blocked.body));
      assert.equal([(await me(b, ada.jwt)).status, (await me(c, ada.jwt)).status], [401, 401], `round ${round}: the blocked user served`);
      const unblocked = await request(`${a.url}/api/users/${ada.user.id}`, { method: 'PUT', headers: { authorization: `Bearer ${boss.jwt}` }, body: { blocked: false } });
      assert.is(unblocked.status, 200);
      assert.is((await me(c, ada.jwt)).status, 200, `round ${round}: the unblocked user refused`);

      // Signed out through A: the session's refresh token is refused by B and C at once.
      const session = await login(a, 'ada');
      const loggedOut = await request(`${a.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${session.jwt}` }, body: { refreshToken: session.refreshToken } });
      assert.ok(loggedOut.status < 300, JSON.stringify(loggedOut.body));
      const refreshed = await Promise.all([b, c].map((server) => request(`${server.url}/api/auth/refresh`, { method: 'POST', body: { refreshToken: session.refreshToken } })));
      assert.equal(refreshed.map((answer) => answer.status), [401, 401], `round ${round}: ${JSON.stringify(refreshed.map((answer) => answer.body))}`);
    }

    // A role deleted through A: its user holds the Public role (which may not call /users/me) on B and C at once.
    const cli = (args: string[]) => folio([...args, '--dir', project.dir], { env });
    assert.is((await cli(['role', 'create', 'editors'])).code, 0);
    assert.is((await cli(['permission', 'grant', 'editors', 'plugin::users-permissions.user.me'])).code, 0);
    assert.is((await cli(['permission', 'grant', 'authenticated', 'plugin::users-permissions.role.deleteRole'])).code, 0);
    assert.is((await cli(['user', 'create', '--username', 'eve', '--email', 'eve@example.com', '--password', 'correct-horse-1', '--role', 'editors'])).code, 0);
    const eve = await login(b, 'eve');
    assert.is((await me(c, eve.jwt)).status, 200);
    const roles = JSON.parse((await cli(['role', 'list', '--json'])).stdout) as Array<{ id: number; name: string }>;
    const editors = roles.find((role) => role.name === 'editors')!;
    const deleted = await request(`${a.url}/api/users-permissions/roles/${editors.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${boss.jwt}` } });
    assert.is(deleted.status, 200, JSON.stringify(deleted.body));
    assert.equal([(await me(b, eve.jwt)).status, (await me(c, eve.jwt)).status], [403, 403], 'the deleted role still served');
  } finally {
    for (const server of servers) await server.stop();
    await project.cleanup();
  }
});

test('two processes writing at the same instant: every document gets an id of its own, and neither process overwrites the other’s change', async () => {
  const project = await initProject();
  const env = { DATABASE_URL: await postgres.newDatabase() };
  const servers: ServeProcess[] = [];
  try {
    const attrs = ['--attr', 'title:string', '--attr', 'body:text', '--attr', 'views:integer'];
    assert.is((await folio(['content-type', 'create', 'article', ...attrs, '--dir', project.dir], { env })).code, 0);
    const actions = ['find', 'findOne', 'create', 'update'].map((action) => `api::article.article.${action}`);
    assert.is((await folio(['permission', 'grant', 'public', ...actions, '--dir', project.dir], { env })).code, 0);
    servers.push(await serve(project.dir, [], env), await serve(project.dir, [], env));
    const [a, b] = servers as [ServeProcess, ServeProcess];

    const creates = await Promise.all(Array.from({ length: 40 }, (_, i) => request(`${(i % 2 ? a : b).url}/api/articles`, { method: 'POST', body: { data: { title: `t${i}` } } })));
    assert.ok(creates.every((created) => created.status === 200), JSON.stringify(creates.map((created) => created.status)));
    const ids = creates.map((created) => created.body.data.id as number);
    assert.is(new Set(ids).size, 40, `ids given twice: ${ids.join(', ')}`);

    // The same email registered through both processes at the same instant: one account.
    const registrations = await Promise.all(servers.map((server, i) => request(`${server.url}/api/auth/local/register`, { method: 'POST', body: { username: `grace${i}`, email: 'grace@example.com', password: 'correct-horse-1' } })));
    assert.equal(registrations.map((registration) => registration.status).sort(), [200, 400], JSON.stringify(registrations.map((registration) => registration.body)));
    assert.match(registrations.find((registration) => registration.status === 400)!.body.error.message, /Email or Username are already taken/);

    // One document, changed through both processes at once: each change lands on the other's.
    const { documentId } = creates[0]!.body.data as { documentId: string };
    const [left, right] = await Promise.all([
      request(`${a.url}/api/articles/${documentId}`, { method: 'PUT', body: { data: { body: 'written through A' } } }),
      request(`${b.url}/api/articles/${documentId}`, { method: 'PUT', body: { data: { views: 7 } } }),
    ]);
    assert.equal([left.status, right.status], [200, 200]);
    for (const server of servers) {
      await eventually(async () => {
        const { data } = (await request(`${server.url}/api/articles/${documentId}`)).body;
        return data.body === 'written through A' && data.views === 7 && data.title === 't0';
      }, `both changes served by ${server.url}`);
    }
  } finally {
    for (const server of servers) await server.stop();
    await project.cleanup();
  }
});

test('three processes, one version read: conditional writes through the others are refused 412 once it changed, the same instant included', async () => {
  const project = await initProject();
  const env = { DATABASE_URL: await postgres.newDatabase() };
  const servers: ServeProcess[] = [];
  try {
    assert.is((await folio(['content-type', 'create', 'note', '--attr', 'title:string', '--attr', 'views:integer', '--dir', project.dir], { env })).code, 0);
    const actions = ['find', 'findOne', 'create', 'update', 'delete'].map((action) => `api::note.note.${action}`);
    assert.is((await folio(['permission', 'grant', 'public', ...actions, '--dir', project.dir], { env })).code, 0);
    servers.push(await serve(project.dir, [], env), await serve(project.dir, [], env), await serve(project.dir, [], env));
    const [a, b, c] = servers as [ServeProcess, ServeProcess, ServeProcess];
    const { documentId } = (await request(`${a.url}/api/notes`, { method: 'POST', body: { data: { title: 'Shared', views: 0 } } })).body.data as { documentId: string };
    const read = (await request(`${a.url}/api/notes/${documentId}`)).headers.get('etag')!;

    // Written through B; C is asked with the tag read from A at once, before any notice reached it.
    assert.is((await request(`${b.url}/api/notes/${documentId}`, { method: 'PUT', body: { data: { views: 1 } } })).status, 200);
    const stale = await request(`${c.url}/api/notes/${documentId}`, { method: 'PUT', body: { data: { title: 'Overwritten?' } }, headers: { 'if-match': read } });
    assert.equal([stale.status, stale.body.error?.name], [412, 'PreconditionFailedError']);
    assert.is((await request(`${c.url}/api/notes/${documentId}`, { method: 'DELETE', headers: { 'if-match': read } })).status, 412);

    // Three conditional writes with one current tag at the same instant, one per process: one lands.
    const current = (await request(`${b.url}/api/notes/${documentId}`)).headers.get('etag')!;
    const racing = await Promise.all(servers.map((server, i) => request(`${server.url}/api/notes/${documentId}`, { method: 'PUT', body: { data: { title: `by ${i}` } }, headers: { 'if-match': current } })));
    assert.equal(racing.map((answer) => answer.status).sort(), [200, 412, 412]);
    const winner = racing.findIndex((answer) => answer.status === 200);
    for (const server of servers) {
      await eventually(async () => (await request(`${server.url}/api/notes/${documentId}`)).body.data?.title === `by ${winner}`, `the one write served by ${server.url}`);
    }
    assert.is((await request(`${a.url}/api/notes/${documentId}`)).body.data.views, 1, 'nothing of the refused writes');
  } finally {
    for (const server of servers) await server.stop();
    await project.cleanup();
  }
});

test('three processes: a document\'s history is complete from each, as its writers made it, and a restore through one is served by all', async () => {
  const project = await initProject();
  const env = { DATABASE_URL: await postgres.newDatabase() };
  const servers: ServeProcess[] = [];
  try {
    assert.is((await folio(['content-type', 'create', 'note', '--attr', 'title:string', '--attr', 'views:integer', '--dir', project.dir], { env })).code, 0);
    const actions = ['find', 'findOne', 'create', 'update', 'history', 'restore'].map((action) => `api::note.note.${action}`);
    assert.is((await folio(['permission', 'grant', 'authenticated', ...actions, '--dir', project.dir], { env })).code, 0);
    servers.push(await serve(project.dir, [], env), await serve(project.dir, [], env), await serve(project.dir, [], env));
    const [a, b, c] = servers as [ServeProcess, ServeProcess, ServeProcess];
    const signUp = async (server: ServeProcess, username: string) => {
      const registered = await request(`${server.url}/api/auth/local/register`, { method: 'POST', body: { username, email: `${username}@example.com`, password: 'a-long-password-1' } });
      return { authorization: `Bearer ${registered.body.jwt}` };
    };
    const ann = await signUp(a, 'ann');
    const ben = await signUp(b, 'ben');
    const { documentId } = (await request(`${a.url}/api/notes`, { method: 'POST', body: { data: { title: 'v1', views: 1 } }, headers: ann })).body.data as { documentId: string };
    // Each process writes a version in turn, by one of two users.
    for (const [index, server] of [b, c, a, b].entries()) {
      const written = await request(`${server.url}/api/notes/${documentId}`, { method: 'PUT', body: { data: { title: `v${index + 2}` } }, headers: index % 2 === 0 ? ben : ann });
      assert.is(written.status, 200, JSON.stringify(written.body));
    }
    const lists = await Promise.all(servers.map(async (server) => (await request(`${server.url}/api/notes/${documentId}/history`, { headers: ann })).body.data));
    for (const list of lists) assert.equal(list, lists[0], 'every process answers the same history');
    const entries = lists[0] as Array<{ version: string; action: string; author: { username: string }; changed: string[] }>;
    assert.equal(entries.map((entry) => [entry.action, entry.author.username, entry.changed]), [
      ['update', 'ann', ['title']], ['update', 'ben', ['title']], ['update', 'ann', ['title']], ['update', 'ben', ['title']], ['create', 'ann', ['title', 'views']],
    ]);
    const first = entries.at(-1)!;
    assert.is((await request(`${c.url}/api/notes/${documentId}/history/${first.version}`, { headers: ben })).body.data.title, 'v1');
    const restored = await request(`${b.url}/api/notes/${documentId}/actions/restore`, { method: 'POST', body: { version: first.version }, headers: ben });
    assert.is(restored.status, 200, JSON.stringify(restored.body));
    for (const server of servers) {
      await eventually(async () => (await request(`${server.url}/api/notes/${documentId}`, { headers: ann })).body.data?.title === 'v1', `the restore served by ${server.url}`);
      assert.is((await request(`${server.url}/api/notes/${documentId}/history`, { headers: ann })).body.data[0].action, 'restore');
    }
  } finally {
    for (const server of servers) await server.stop();
    await project.cleanup();
  }
});

test('a unique value written through three processes at the same instant is taken once, also right after another process wrote it', async () => {
  const project = await initProject();
  const env = { DATABASE_URL: await postgres.newDatabase() };
  const servers: ServeProcess[] = [];
  try {
    const type = ['kind: collectionType', 'info: { singularName: tag, pluralName: tags, displayName: Tag }', 'options: { draftAndPublish: false }', 'attributes:', '  name: { type: string, unique: true }', '  slug: { type: uid }', '  note: { type: string }', ''];
    await writeFile(join(project.dir, 'content-types/tag.yaml'), type.join('\n'));
    const actions = ['find', 'findOne', 'create', 'update'].map((action) => `api::tag.tag.${action}`);
    assert.is((await folio(['permission', 'grant', 'public', ...actions, '--dir', project.dir], { env })).code, 0);
    for (let i = 0; i < 3; i++) servers.push(await serve(project.dir, [], env));
    const [a, b] = servers as [ServeProcess, ServeProcess];
    const post = (server: ServeProcess, data: object) => request(`${server.url}/api/tags`, { method: 'POST', body: { data } });

    // Eight creates of one name, spread round-robin over three processes at once: one is taken, seven are told why.
    const sameName = await Promise.all(Array.from({ length: 8 }, (_, i) => post(servers[i % 3]!, { name: 'News', note: `try ${i}` })));
    const statuses = sameName.map((answer) => answer.status).sort();
    assert.equal(statuses, [200, 400, 400, 400, 400, 400, 400, 400], JSON.stringify(sameName.map((answer) => answer.body)));
    for (const refused of sameName.filter((answer) => answer.status === 400)) assert.match(refused.body.error.message, /unique/i);

    // Taken through A, then at once through B, before B may have heard of it: refused, for a uid too.
    for (let round = 0; round < 5; round++) {
      assert.is((await post(a, { name: `First ${round}`, slug: `first-${round}` })).status, 200);
      const again = await Promise.all([post(b, { name: `First ${round}` }), post(b, { slug: `first-${round}` })]);
      assert.equal(again.map((answer) => answer.status), [400, 400], JSON.stringify(again.map((answer) => answer.body)));
    }

    // A name given up through A is free through B at once (B reads the holder again before refusing).
    const renamed = await post(a, { name: 'Old name' });
    assert.is((await request(`${a.url}/api/tags/${renamed.body.data.documentId}`, { method: 'PUT', body: { data: { name: 'New name' } } })).status, 200);
    assert.is((await post(b, { name: 'Old name' })).status, 200);
  } finally {
    for (const server of servers) await server.stop();
    await project.cleanup();
  }
});

test('folio db copy should move every document version, account and token to PostgreSQL and back, and never into a store that holds data', async () => {
  const original = await initProject();
  const back = await initProject();
  const url = await postgres.newDatabase();
  let server: ServeProcess | undefined;
  try {
    const dir = original.dir;
    assert.is((await folio(['locale', 'add', 'fr', '--dir', dir])).code, 0);
    const created = await folio(['content-type', 'create', 'article', '--i18n', '--draft-and-publish', '--attr', 'title:string:localized', '--attr', 'views:integer', '--dir', dir]);
    assert.is(created.code, 0, created.stderr);
    const actions = ['find', 'findOne', 'create', 'update', 'createLocalization'].map((action) => `api::article.article.${action}`);
    assert.is((await folio(['permission', 'grant', 'public', ...actions, '--dir', dir])).code, 0);
    assert.is((await folio(['user', 'create', '--username', 'ada', '--email', 'ada@example.com', '--password', 'correct-horse-1', '--dir', dir])).code, 0);
    const token = (await folio(['token', 'create', 'site', '--dir', dir])).stdout.trim().split('\n').at(-1)!;

    const answers = async (base: string) => Promise.all(['?locale=en', '?locale=fr', '?status=draft&locale=en', '?status=draft&locale=fr'].map(async (query) => (await request(`${base}/api/articles${query}&sort=id`)).body.data));
    // Content on files: drafts, a published document, and a French version.
    server = await serve(dir);
    const first = await request(`${server.url}/api/articles?status=published`, { method: 'POST', body: { data: { title: 'Published', views: 1 } } });
    await request(`${server.url}/api/articles`, { method: 'POST', body: { data: { title: 'Draft only', views: 2 } } });
    const french = await request(`${server.url}/api/articles/${first.body.data.documentId}?locale=fr&status=published`, { method: 'PUT', body: { data: { title: 'Publié' } } });
    assert.equal([first.status, french.status], [200, 200]);
    const onFiles = await answers(server.url);
    assert.equal(onFiles[1].map((article: { title: string }) => article.title), ['Publié']);
    assert.ok(onFiles[2].some((article: { title: string }) => article.title === 'Draft only'));
    await server.stop();
    server = undefined;
    // A delivery waiting in the spool (recorded by the CLI, no server to send it): it moves too.
    const hooked: string[] = [];
    const sink = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk)).on('end', () => res.writeHead(200).end(() => hooked.push(JSON.parse(body).event)));
    });
    const sinkPort = await freePort();
    // The receiver is on 127.0.0.1, which webhooks may reach only when allowed.
    assert.is((await folio(['config', 'set', 'server.webhooks.allowPrivateAddresses', 'true', '--dir', dir])).code, 0);
    assert.is((await folio(['webhook', 'create', 'site', '--url', `http://127.0.0.1:${sinkPort}/hook`, '--events', 'media.create', '--dir', dir])).code, 0);
    await writeFile(join(dir, 'notes.txt'), 'plain words');
    assert.is((await folio(['media', 'add', join(dir, 'notes.txt'), '--dir', dir])).code, 0);

    const copied = await folio(['db', 'copy', '--to', url, '--dir', dir]);
    assert.is(copied.code, 0, copied.stderr);
    const versionFiles = (await readdir(join(dir, 'data/content'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
    assert.ok(versionFiles >= 5, `${versionFiles} version files`);
    assert.ok(copied.stdout.startsWith(`Copied ${versionFiles} document version(s) and `), copied.stdout);
    assert.match(copied.stdout, /version\(s\) and 1 users, 2 roles, \d+ permissions, 0 sessions, 1 tokens, 1 files, 1 webhooks, 1 deliveries from data\/ to postgres:\/\/postgres@127\.0\.0\.1:\d+\/folio_test_\w+\.\n$/);
    assert.not.match(copied.stdout, new RegExp(new URL(url).password));

    const waiting = JSON.parse((await folio(['webhook', 'deliveries', 'site', '--json', '--dir', dir], { env: { DATABASE_URL: url } })).stdout) as Array<{ event: string; status: string }>;
    assert.equal(waiting.map(({ event, status }) => [event, status]), [['media.create', 'pending']], 'waiting in the database');

    // Served from PostgreSQL: the same answers, the same password, the same token; the delivery sent.
    await new Promise<void>((done) => sink.listen(sinkPort, '127.0.0.1', () => done()));
    server = await serve(dir, [], { DATABASE_URL: url });
    await eventually(async () => hooked.length === 1, 'the delivery that waited');
    sink.close();
    assert.equal(await answers(server.url), onFiles);
    assert.is((await request(`${server.url}/api/auth/local`, { method: 'POST', body: { identifier: 'ada', password: 'correct-horse-1' } })).status, 200);
    assert.is((await request(`${server.url}/api/articles`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
    await server.stop();
    server = undefined;

    const again = await folio(['db', 'copy', '--to', url, '--dir', dir]);
    assert.is(again.code, 1);
    assert.ok(again.stderr.includes(`already holds data (${versionFiles} document version(s), 1 users, 1 tokens): folio db copy copies into an empty store and never overwrites one`), again.stderr);

    // And back into another project's data/: the very same files.
    for (const args of [['locale', 'add', 'fr'], ['content-type', 'create', 'article', '--i18n', '--draft-and-publish', '--attr', 'title:string:localized', '--attr', 'views:integer']]) {
      assert.is((await folio([...args, '--dir', back.dir])).code, 0);
    }
    const returned = await folio(['db', 'copy', '--from', url, '--dir', back.dir]);
    assert.is(returned.code, 0, returned.stderr);
    const tree = async (root: string) => {
      const found: Record<string, string> = {};
      for (const entry of await readdir(join(root, 'data/content'), { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) found[join(entry.parentPath, entry.name).slice(root.length)] = await readFile(join(entry.parentPath, entry.name), 'utf8');
      }
      return found;
    };
    assert.equal(await tree(back.dir), await tree(dir));
    server = await serve(back.dir);
    assert.equal(await answers(server.url), onFiles);
  } finally {
    await server?.stop();
    await original.cleanup();
    await back.cleanup();
  }
});

test('with Redis, rate limits and provider sign-ins are shared: the sixth login is refused whichever process answers, and a sign-in started on one finishes on the other', async () => {
  const project = await initProject();
  const redis = await startRedis();
  const mock = await startMockProvider();
  const env = { DATABASE_URL: await postgres.newDatabase(), REDIS_URL: redis.url, OIDC_CLIENT_SECRET: 'folio-secret' };
  const servers: ServeProcess[] = [];
  try {
    const settings: Array<[string, string]> = [
      ['users-permissions.ratelimit', '{enabled: true, interval: 60000, max: 5}'],
      ['users-permissions.providers', `{oidc: {enabled: true, clientId: folio-client, clientSecret: "env:OIDC_CLIENT_SECRET", issuer: "${mock.issuer}"}}`],
    ];
    for (const [key, value] of settings) {
      const set = await folio(['config', 'set', key, value, '--dir', project.dir], { env });
      assert.is(set.code, 0, set.stderr);
    }
    assert.is((await folio(['user', 'create', '--username', 'ada', '--email', 'ada@example.com', '--password', 'correct-horse-1', '--dir', project.dir], { env })).code, 0);
    servers.push(await serve(project.dir, [], env), await serve(project.dir, [], env));
    const [a, b] = servers as [ServeProcess, ServeProcess];

    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const server = servers[i % 2]!;
      statuses.push((await request(`${server.url}/api/auth/local`, { method: 'POST', body: { identifier: 'ada', password: 'wrong-password' } })).status);
    }
    assert.equal(statuses, [400, 400, 400, 400, 400, 429]);

    mock.userinfo = { sub: 'grace-1', email: 'grace@example.com', email_verified: true, preferred_username: 'grace' };
    const connect = await fetch(`${a.url}/api/connect/oidc`, { redirect: 'manual' });
    assert.is(connect.status, 302);
    const atProvider = await fetch(connect.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    assert.is(`${callback.protocol}//${callback.host}`, a.url);
    const onB = await request(`${b.url}${callback.pathname}${callback.search}`);
    assert.is(onB.status, 200, JSON.stringify(onB.body));
    assert.is(onB.body.user.email, 'grace@example.com');
    // The state is used once, whichever process took it.
    assert.is((await request(`${a.url}${callback.pathname}${callback.search}`)).status, 400);
  } finally {
    for (const server of servers) await server.stop();
    await mock.stop();
    await redis.stop();
    await project.cleanup();
  }
});

test('a Redis that cannot be reached should stop folio serve at start with one line, never its password', async () => {
  const project = await initProject();
  try {
    const port = await freePort();
    const result = await folio(['serve', '--port', '0', '--dir', project.dir], { env: { REDIS_URL: `redis://:hunter2-secret@127.0.0.1:${port}` } });
    assert.is(result.code, 1);
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    assert.match(result.stderr, new RegExp(`cannot connect to Redis redis://127\\.0\\.0\\.1:${port} \\(server\\.redis\\.url or REDIS_URL\\): .*ECONNREFUSED`));
    assert.not.match(result.stderr, /hunter2/);
  } finally {
    await project.cleanup();
  }
});

test('three processes under write load, one SIGKILLed: every acknowledged write is served by the others, each with an id of its own', async () => {
  const project = await initProject();
  const env = { DATABASE_URL: await postgres.newDatabase() };
  const servers: ServeProcess[] = [];
  try {
    assert.is((await folio(['content-type', 'create', 'article', '--attr', 'title:string', '--dir', project.dir], { env })).code, 0);
    const actions = ['find', 'create'].map((action) => `api::article.article.${action}`);
    assert.is((await folio(['permission', 'grant', 'public', ...actions, '--dir', project.dir], { env })).code, 0);
    for (let i = 0; i < 3; i++) servers.push(await serve(project.dir, [], env));
    const victim = servers[2]!;
    const acknowledged: Array<{ id: number; title: string }> = [];
    let sent = 0;
    let stop = false;
    // Four writers, round-robin over the three processes, until the end of the load.
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const server = servers[(w + n) % 3]!;
        const title = `w${w}-n${n}`;
        sent++;
        const answer = await request(`${server.url}/api/articles`, { method: 'POST', body: { data: { title } } }).catch(() => undefined);
        if (answer?.status === 200) acknowledged.push({ id: answer.body.data.id, title });
      }
    };
    const writers = Array.from({ length: 4 }, (_, w) => writer(w));
    // By counts, not by time: a busy machine acknowledges fewer writes in a given while.
    const acknowledgedAtLeast = (count: number) => eventually(async () => acknowledged.length >= count, `${count} writes acknowledged`);
    await acknowledgedAtLeast(12);
    await victim.stop('SIGKILL');
    const atKill = acknowledged.length;
    await acknowledgedAtLeast(atKill + 12);
    stop = true;
    await Promise.all(writers);
    assert.ok(acknowledged.length > 20, `${acknowledged.length} of ${sent} acknowledged`);
    assert.is(new Set(acknowledged.map((write) => write.id)).size, acknowledged.length, 'an id given twice');
    for (const server of servers.slice(0, 2)) {
      await eventually(async () => {
        const served = new Set<string>();
        for (let page = 1; ; page++) {
          const { body } = await request(`${server.url}/api/articles?pagination[pageSize]=100&pagination[page]=${page}`);
          for (const article of body.data as Array<{ title: string }>) served.add(article.title);
          if (page >= body.meta.pagination.pageCount) break;
        }
        return acknowledged.every((write) => served.has(write.title));
      }, `every acknowledged write served by ${server.url}`);
    }
  } finally {
    for (const server of servers) await server.stop('SIGKILL');
    await project.cleanup();
  }
});

test('a database that cannot be reached should stop folio serve at start with one line that names it, never its password', async () => {
  const project = await initProject();
  try {
    const port = await freePort();
    const result = await folio(['serve', '--port', '0', '--dir', project.dir], { env: { DATABASE_URL: `postgres://folio:hunter2-secret@127.0.0.1:${port}/site` } });
    assert.is(result.code, 1);
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    assert.match(result.stderr, new RegExp(`cannot connect to the database postgres://folio@127\\.0\\.0\\.1:${port}/site \\(config/database\\.yaml or DATABASE_URL\\): .*ECONNREFUSED`));
    assert.not.match(result.stderr, /hunter2/);
  } finally {
    await project.cleanup();
  }
});

test('a database lost while serving: writes and new reads answer 503, answers kept before go on, and once it is back the server writes and follows other processes again', async () => {
  const project = await initProject();
  const env = { DATABASE_URL: await postgres.newDatabase() };
  let server: ServeProcess | undefined;
  try {
    assert.is((await folio(['content-type', 'create', 'article', '--attr', 'title:string', '--dir', project.dir], { env })).code, 0);
    assert.is((await folio(['permission', 'grant', 'public', 'api::article.article.find', 'api::article.article.create', '--dir', project.dir], { env })).code, 0);
    server = await serve(project.dir, [], env);
    const post = (title: string) => request(`${server!.url}/api/articles`, { method: 'POST', body: { data: { title } } });
    assert.is((await post('before')).status, 200);
    assert.is((await request(`${server.url}/api/articles`)).status, 200);

    assert.is((await request(`${server.url}/_health`)).status, 204);
    await postgres.kill();
    // Asked at most once a second: the answer just before may stand for that long.
    await eventually(async () => (await request(`${server!.url}/_health`)).status === 503, 'the health check failing');
    const health = await request(`${server.url}/_health`);
    assert.is(health.status, 503);
    assert.match(health.body.error.message, /^The database cannot be reached \(postgres:\/\/postgres@127\.0\.0\.1:\d+\/folio_test_\w+\)$/);
    const refused = await post('while down');
    assert.is(refused.status, 503);
    assert.is(refused.body.error.name, 'ServiceUnavailableError');
    assert.match(refused.body.error.message, /^The database cannot be reached \(postgres:\/\/postgres@127\.0\.0\.1:\d+\/folio_test_\w+\); the write was not made$/);
    // Lists are asked of the database: the one answered before is kept; a new one cannot be made.
    const read = await request(`${server.url}/api/articles`);
    assert.is(read.status, 200);
    assert.equal(read.body.data.map((article: { title: string }) => article.title), ['before']);
    const unread = await request(`${server.url}/api/articles?sort=title`);
    assert.is(unread.status, 503);
    assert.is(unread.body.error.name, 'ServiceUnavailableError');
    assert.match(unread.body.error.message, /^The database cannot be reached \(postgres:\/\/postgres@127\.0\.0\.1:\d+\/folio_test_\w+\)/);

    await postgres.restart();
    await eventually(async () => (await post('after')).status === 200, 'a write once the database is back');
    await eventually(async () => (await request(`${server!.url}/_health`)).status === 204, 'the health check passing again');
    // Written by another process after the restart: followed once this one listens again.
    assert.is((await folio(['permission', 'revoke', 'public', 'api::article.article.find', '--dir', project.dir], { env })).code, 0);
    await eventually(async () => (await request(`${server!.url}/api/articles`)).status === 403, 'the revoke made after the database came back');
  } finally {
    await server?.stop();
    await project.cleanup();
  }
});

test.run();
