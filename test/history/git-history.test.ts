/**
 * History in git (`git.commit: true`): every write a commit by the person who made it, with the
 * trailers that name it, holding exactly the files it changed and nothing a person had staged;
 * commits left behind by a killed server made at the next start; a git that refuses commits never
 * failing a write and showing in /_health; the past read back and restored through the API and
 * the CLI. Real git, a real server, real files.
 */
import { execFile } from 'node:child_process';
import { chmod, chown, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { issueToken } from '../../src/auth/index.js';
import { folio, request } from '../_helpers/index.js';
import { commitProjectToGit, serve, serveProject, testProject, type ApiServer } from '../_helpers/server.js';
import { addUserRow } from '../_helpers/users.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

const run = promisify(execFile);
// The spec's own git calls take a repository another user owns (see the read-only one below).
const git = async (dir: string, ...args: string[]) => (await run('git', ['-c', 'safe.directory=*', ...args], { cwd: dir })).stdout.trim();

const ARTICLE = ['find', 'findOne', 'create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft', 'createLocalization', 'history', 'restore'].map((action) => `api::article.article.${action}`);

/** A copy of the sample project in a git repository of its own, committing its writes, with one commit of everything. */
async function gitProject(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const upload = ['upload', 'destroy'].map((action) => `plugin::upload.content-api.${action}`);
  const project = await testProject({ config: { server: { git: { commit: true } } }, authenticatedActions: [...ARTICLE, ...upload], publicActions: [] });
  await commitProjectToGit(project.dir);
  return project;
}

interface Commit {
  author: string;
  committer: string;
  subject: string;
  trailers: string[];
  files: string[];
}

/** The commits after `since`, oldest first. */
async function commitsSince(dir: string, since: string): Promise<Commit[]> {
  const shas = (await git(dir, 'rev-list', '--reverse', `${since}..HEAD`)).split('\n').filter(Boolean);
  return Promise.all(shas.map(async (sha) => {
    const [author, committer, subject] = (await git(dir, 'show', '-s', '--format=%an <%ae>%n%cn%n%s', sha)).split('\n');
    const trailers = (await git(dir, 'show', '-s', '--format=%(trailers:only,unfold)', sha)).split('\n').filter(Boolean);
    const files = (await git(dir, 'show', '--name-only', '--format=', sha)).split('\n').filter(Boolean);
    return { author: author!, committer: committer!, subject: subject!, trailers, files };
  }));
}

/** Waits (without a time limit of its own) until `check` holds. */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function signUp(api: Pick<ApiServer, 'post'>, username: string): Promise<Record<string, string>> {
  const registered = await api.post('/api/auth/local/register', { username, email: `${username}@example.com`, password: 'a-long-password-1' });
  assert.is(registered.status, 200, JSON.stringify(registered.body));
  return { Authorization: `Bearer ${registered.body.jwt}` };
}

const commits = suite('history in git: commits as their authors');

commits('writes of two users, a token and the CLI are commits of their authors, with their trailers and only their files', async () => {
  const project = await gitProject();
  const start = await git(project.dir, 'rev-parse', 'HEAD');
  // A person's own work in the same work tree: staged, and changed but not staged.
  await writeFile(join(project.dir, 'NOTES.md'), 'staged by a person\n');
  await git(project.dir, 'add', 'NOTES.md');
  await writeFile(join(project.dir, 'config/api.yaml'), `${await readFile(join(project.dir, 'config/api.yaml'), 'utf8')}# a local change\n`);
  const api = await serveProject(project.dir, project.cleanup);
  try {
    const alice = await signUp(api, 'alice');
    const bob = await signUp(api, 'bob');
    const { accessKey } = await api.project.apiTokens.create(SYSTEM_ACTOR, { name: 'site-build', type: 'full-access' });
    const token = { Authorization: `Bearer ${accessKey}` };
    const writers = [alice, bob, token];
    const ids: string[] = [];
    // 30 writes, in turns of the three writers: creates, updates in two locales, publish, unpublish, delete.
    for (let index = 0; index < 6; index++) {
      const created = await api.post('/api/articles?status=draft', { data: { title: `Article ${index}` } }, writers[index % 3]);
      assert.is(created.status, 200, JSON.stringify(created.body));
      ids.push(created.body.data.documentId);
    }
    for (let index = 0; index < 18; index++) {
      const id = ids[index % 6]!;
      const locale = index % 2 === 0 ? 'en' : 'fr';
      const written = await api.put(`/api/articles/${id}?status=draft&locale=${locale}`, { data: { title: `Title ${index} ${locale}` } }, writers[index % 3]);
      assert.is(written.status, 200, `${JSON.stringify(written.body)} ${api.log.slice(-5).join('\n')}`);
    }
    for (const [index, [action, id]] of ([['publish', ids[0]], ['publish', ids[1]], ['unpublish', ids[1]]] as const).entries()) {
      assert.is((await api.post(`/api/articles/${id}/actions/${action}`, {}, writers[index % 3])).status, 200);
    }
    assert.is((await api.del(`/api/articles/${ids[3]}?locale=*`, bob)).status, 204);
    assert.is((await api.del(`/api/articles/${ids[5]}?locale=fr`, token)).status, 204);
    await api.project.history.flush();
    // The CLI, as git's own user: a restore of the first article to its first version.
    const [first] = (await api.get(`/api/articles/${ids[0]}/history?locale=en`, alice)).body.data.slice(-1);
    const restored = await folio(['--dir', project.dir, 'restore', 'article', ids[0]!, first.version.slice(0, 10), '--locale', 'en']);
    assert.is(restored.code, 0, restored.stderr);
    // And the media library: a file added from the terminal, one uploaded and deleted by bob.
    await writeFile(join(project.dir, 'notes.txt'), 'plain text');
    const added = await folio(['--dir', project.dir, 'media', 'add', join(project.dir, 'notes.txt')]);
    assert.is(added.code, 0, added.stderr);
    const form = new FormData();
    form.append('files', new Blob(['a poem']), 'poem.txt');
    const uploaded = await fetch(`${api.url}/api/upload`, { method: 'POST', body: form, headers: bob });
    assert.ok(uploaded.ok, await uploaded.clone().text());
    const [poem] = await uploaded.json() as Array<{ id: number }>;
    assert.is((await api.del(`/api/upload/files/${poem!.id}`, bob)).status, 200);
    await api.project.history.flush();

    const made = await commitsSince(project.dir, start);
    const authors = new Set(made.map((commit) => commit.author));
    assert.equal([...authors].sort(), ['Site Admin <admin@example.com>', 'alice <alice@example.com>', 'bob <bob@example.com>', 'site-build <token@folio>']);
    for (const commit of made) {
      assert.is(commit.committer, 'foliocms');
      assert.ok(commit.trailers.length > 0 && commit.trailers.length % 4 === 0, `${commit.subject}: ${commit.trailers.join(' | ')}`);
      const files = commit.trailers.includes('Folio-Type: plugin::upload.file') ? /^(data\/files\.json|public\/uploads\/[\w.]+)$/ : /^data\/content\/article\/[a-z0-9]+\/(draft|published)\.(en|fr)\.json$/;
      for (const file of commit.files) assert.match(file, files, `${commit.subject} holds ${file}`);
    }
    const media = made.filter((commit) => commit.trailers.includes('Folio-Type: plugin::upload.file'));
    assert.equal(media[0] && [media[0].author, media[0].subject], ['Site Admin <admin@example.com>', 'Upload file "notes.txt"']);
    assert.ok(media[0]!.files.includes('data/files.json') && media[0]!.files.some((file) => file.startsWith('public/uploads/notes')));
    // bob's upload and delete, a moment apart, are his commits (one, when the delete came before
    // the upload's commit: the library's files are committed as they are then).
    assert.ok(media.length >= 2 && media.slice(1).every((commit) => commit.author === 'bob <bob@example.com>'));
    assert.not.match(await git(project.dir, 'show', 'HEAD:data/files.json'), /poem/);
    // Every write is in a commit with its action, and each trailer set names a document and locale.
    const trailers = made.flatMap((commit) => commit.trailers);
    const actions = trailers.filter((line) => line.startsWith('Folio-Action: ')).map((line) => line.slice('Folio-Action: '.length));
    for (const action of ['create', 'update', 'publish', 'unpublish', 'delete', 'restore']) assert.ok(actions.includes(action), `a commit says ${action}`);
    assert.ok(trailers.includes('Folio-Type: api::article.article'));
    const restoreCommit = made.find((commit) => commit.trailers.includes('Folio-Action: restore'))!;
    assert.is(restoreCommit.author, 'Site Admin <admin@example.com>');
    assert.ok(restoreCommit.trailers.includes('Folio-Action: restore'));
    assert.ok(restoreCommit.trailers.includes(`Folio-Document: ${ids[0]}`));
    // A commit holds one author's writes only: each title a commit names was written by its author
    // (create or update k, of "Article k" or "Title k …", was made by writer k % 3).
    const writerNames = ['alice <alice@example.com>', 'bob <bob@example.com>', 'site-build <token@folio>'];
    let named = 0;
    for (const commit of made) {
      for (const [, index] of commit.subject.matchAll(/(?:Create|Update) article "(?:Article|Title) (\d+)/g)) {
        assert.is(commit.author, writerNames[Number(index) % 3], `${commit.subject}: write ${index} by ${writerNames[Number(index) % 3]}`);
        named++;
      }
    }
    assert.ok(named >= made.length / 2, `the subjects name the writes (${named} named in ${made.length} commits)`);
    // What the person had staged is still staged, not committed; their unstaged change is still unstaged.
    const status = await git(project.dir, 'status', '--porcelain');
    assert.match(status, /^A  NOTES\.md$/m);
    assert.match(status, /^ M config\/api\.yaml$/m);
    assert.not.match(status, /data\/content/, 'every write is committed, and the index follows');
    assert.ok(made.every((commit) => !commit.files.includes('NOTES.md') && !commit.files.some((file) => file.startsWith('config/'))));
    // Nothing secret or of an account in any commit.
    const everything = await git(project.dir, 'log', '-p', `${start}..HEAD`);
    assert.not.match(everything, /password|jwt|a-long-password|accessKey|users\.json|tokens\.json|\.env/i);
  } finally {
    await api.close();
  }
});

commits('history, a version and a restore over HTTP come from git, with authors and changed attributes', async () => {
  const project = await gitProject();
  const api = await serveProject(project.dir, project.cleanup);
  try {
    const alice = await signUp(api, 'alice');
    const created = (await api.post('/api/articles?status=draft', { data: { title: 'First', views: 1 } }, alice)).body.data;
    const id = created.documentId;
    await api.put(`/api/articles/${id}?status=draft`, { data: { title: 'Second' } }, alice);
    await api.put(`/api/articles/${id}?status=draft`, { data: { views: 5 } }, alice);
    const history = await api.get(`/api/articles/${id}/history`, alice);
    assert.is(history.status, 200);
    assert.equal(history.body.data.map((entry: { action: string; changed: string[] }) => [entry.action, entry.changed]), [['update', ['views']], ['update', ['title']], ['create', ['title', 'views']]]);
    const [latest, , oldest] = history.body.data;
    assert.equal(latest.author, { username: 'alice', email: 'alice@example.com' });
    assert.is(latest.status, 'draft');
    assert.is(latest.locale, 'en');
    assert.is(oldest.version, await git(project.dir, 'rev-list', '--max-count=1', '--skip=2', 'HEAD'), 'a version is its commit id');
    assert.equal(history.body.meta.pagination, { page: 1, pageSize: 25, pageCount: 1, total: 3 });
    assert.is((await api.get(`/api/articles/${id}/history?pagination[pageSize]=2&pagination[page]=2`, alice)).body.data.length, 1);

    const version = await api.get(`/api/articles/${id}/history/${oldest.version}`, alice);
    assert.is(version.status, 200);
    assert.is(version.body.data.title, 'First');
    assert.is(version.body.data.views, 1);
    assert.is(version.body.data.documentId, id);
    assert.equal(version.body.meta, { version: oldest.version, createdAt: oldest.createdAt, author: oldest.author });

    const restored = await api.post(`/api/articles/${id}/actions/restore`, { version: oldest.version }, alice);
    assert.is(restored.status, 200, JSON.stringify(restored.body));
    assert.is(restored.body.data.title, 'First');
    assert.is(restored.body.data.views, 1);
    const after = (await api.get(`/api/articles/${id}/history`, alice)).body.data[0];
    assert.is(after.action, 'restore');
    assert.equal(after.changed, ['title', 'views']);
    assert.is(await git(project.dir, 'log', '-1', '--format=%an'), 'alice');

    // The same history from the terminal: a table, and --json for scripts.
    const listed = await folio(['--dir', project.dir, 'history', 'article', id]);
    assert.is(listed.code, 0, listed.stderr);
    const lines = listed.stdout.trim().split('\n');
    assert.match(lines[0]!, /^VERSION\s+DATE\s+AUTHOR\s+ACTION\s+STATUS\s+LOCALE\s+CHANGED$/);
    assert.equal(lines.slice(1).map((line) => line.split(/\s{2,}/).slice(2)), [
      ['alice <alice@example.com>', 'restore', 'draft', 'en', 'title, views'],
      ['alice <alice@example.com>', 'update', 'draft', 'en', 'views'],
      ['alice <alice@example.com>', 'update', 'draft', 'en', 'title'],
      ['alice <alice@example.com>', 'create', 'draft', 'en', 'title, views'],
    ]);
    const json = JSON.parse((await folio(['--dir', project.dir, 'history', 'article', '--json'])).stdout) as Array<{ documentId: string; version: string }>;
    assert.is(json.length, 4, 'the whole type');
    assert.ok(json.every((entry) => entry.documentId === id && /^[0-9a-f]{40}$/.test(entry.version)));
    const unknown = await folio(['--dir', project.dir, 'history', 'nope']);
    assert.equal([unknown.code, unknown.stderr.trim()], [1, 'folio: no content type is named "nope" (content types: article, category, homepage)']);

    // Refused cleanly: an unknown version, no version, the Public role.
    assert.is((await api.get(`/api/articles/${id}/history/0000000`, alice)).status, 404);
    const none = await api.post(`/api/articles/${id}/actions/restore`, {}, alice);
    assert.is(none.status, 400);
    assert.is(none.body.error.name, 'ValidationError');
    assert.is((await api.get(`/api/articles/${id}/history`)).status, 403);
    assert.is((await api.post(`/api/articles/${id}/actions/restore`, { version: oldest.version })).status, 403);
  } finally {
    await api.close();
  }
});

commits.run();

const failures = suite('history in git: when git fails');

/** What /_health says when a hook refused: the command, not what git or the hook printed. */
const HOOK_FAILED = "git hook failed; the server's log says why";

failures('a write whose commit had not happened when the server was killed is committed at the next start, as its author', async () => {
  const project = await gitProject();
  const start = await git(project.dir, 'rev-parse', 'HEAD');
  const gitDir = join(project.dir, '.git');
  // A lock another git command holds: commits wait behind it, writes do not.
  await writeFile(join(gitDir, 'index.lock'), '');
  let server = await serve(project.dir);
  try {
    const registered = await request(`${server.url}/api/auth/local/register`, { method: 'POST', body: { username: 'carol', email: 'carol@example.com', password: 'a-long-password-1' } });
    const carol = { Authorization: `Bearer ${registered.body.jwt}` };
    const created = await request(`${server.url}/api/articles?status=draft`, { method: 'POST', body: { data: { title: 'Written before the crash' } }, headers: carol });
    assert.is(created.status, 200, JSON.stringify(created.body));
    const health = await request(`${server.url}/_health`);
    await until(async () => (await request(`${server.url}/_health`)).status === 200);
    assert.ok(health.status === 204 || health.status === 200);
    assert.match((await request(`${server.url}/_health`)).body.history, /history is behind: 1 write not committed to git \(the index is locked/);
    await server.stop('SIGKILL');
    assert.is(await git(project.dir, 'rev-parse', 'HEAD'), start, 'nothing was committed');
    await (await import('node:fs/promises')).rm(join(gitDir, 'index.lock'));
    server = await serve(project.dir);
    await until(async () => (await git(project.dir, 'rev-parse', 'HEAD')) !== start);
    const [commit] = await commitsSince(project.dir, start);
    assert.is(commit!.author, 'carol <carol@example.com>');
    assert.ok(commit!.trailers.includes('Folio-Action: create'));
    assert.ok(commit!.trailers.includes(`Folio-Document: ${created.body.data.documentId}`));
    assert.equal(commit!.files, [`data/content/article/${created.body.data.documentId}/draft.en.json`]);
    assert.is((await request(`${server.url}/_health`)).status, 204);
    assert.equal((await readdir(join(project.dir, 'data'))).filter((name) => name.startsWith('.pending-commits')), [], 'no journal is left');
  } finally {
    await server.stop();
    await project.cleanup();
  }
});

failures('a read-only repository never fails a write; /_health says history is behind until it can commit again', async () => {
  const project = await gitProject();
  const start = await git(project.dir, 'rev-parse', 'HEAD');
  // root writes through any mode: the server then runs as another user, who owns the project but cannot write .git.
  const asRoot = process.getuid?.() === 0;
  const other = { uid: 65534, gid: 65534 };
  if (asRoot) {
    await chown(join(project.dir, '..'), other.uid, other.gid);
    await run('chown', ['-R', `${other.uid}:${other.gid}`, project.dir]);
  }
  await run('chmod', ['-R', 'a-w', join(project.dir, '.git')]);
  const server = await serve(project.dir, [], asRoot ? { HOME: project.dir } : {}, asRoot ? other : undefined);
  try {
    const created = await request(`${server.url}/api/auth/local/register`, { method: 'POST', body: { username: 'dave', email: 'dave@example.com', password: 'a-long-password-1' } });
    const dave = { Authorization: `Bearer ${created.body.jwt}` };
    for (let index = 0; index < 3; index++) {
      const written = await request(`${server.url}/api/articles`, { method: 'POST', body: { data: { title: `Kept ${index}` } }, headers: dave });
      assert.is(written.status, 200, JSON.stringify(written.body));
    }
    await until(async () => (await request(`${server.url}/_health`)).status === 200);
    const health = await request(`${server.url}/_health`);
    assert.match(health.body.history, /^history is behind: 3 writes not committed to git \(git /);
    assert.is(await git(project.dir, 'rev-parse', 'HEAD'), start);
    assert.is((await request(`${server.url}/api/articles`)).status, 403, 'the server serves on (Public reads nothing here)');
    assert.is((await request(`${server.url}/api/articles`, { headers: dave })).body.data.length, 3);
    assert.is(server.stderr().match(/could not commit/g)?.length, 1, `logged once: ${server.stderr()}`);
    // Writable again: the commits go through on the next try.
    await run('chmod', ['-R', 'u+w', join(project.dir, '.git')]);
    await until(async () => (await request(`${server.url}/_health`)).status === 204);
    const made = await commitsSince(project.dir, start);
    assert.is(made.length, 1, 'one author\'s writes waiting together share a commit');
    assert.is(made[0]!.author, 'dave <dave@example.com>');
    assert.is(made[0]!.files.length, 6);
  } finally {
    await server.stop();
    if (asRoot) await run('chown', ['-R', '0:0', join(project.dir, '..')]);
    await chmod(join(project.dir, '.git'), 0o755).catch(() => undefined);
    await project.cleanup();
  }
});

failures('a pre-commit hook that refuses holds commits back, never a write; once it accepts, each commit runs it and goes through', async () => {
  const project = await gitProject();
  const start = await git(project.dir, 'rev-parse', 'HEAD');
  const hook = join(project.dir, '.git/hooks/pre-commit');
  // The hook sees the commit's own index: it refuses while a file named STOP exists, and logs what it is shown.
  await writeFile(hook, '#!/bin/sh\ngit diff --cached --name-only >> "$(git rev-parse --git-dir)/hook-saw"\ntest ! -e STOP\n');
  await chmod(hook, 0o755);
  await writeFile(join(project.dir, 'STOP'), '');
  const api = await serveProject(project.dir, project.cleanup);
  try {
    const erin = await signUp(api, 'erin');
    const created = await api.post('/api/articles?status=draft', { data: { title: 'Held back' } }, erin);
    assert.is(created.status, 200, JSON.stringify(created.body));
    await api.project.history.flush();
    assert.is(api.project.history.behind(), `history is behind: 1 write not committed to git (${HOOK_FAILED})`);
    assert.is((await api.get('/_health')).status, 200);
    assert.is(await git(project.dir, 'rev-parse', 'HEAD'), start);
    await (await import('node:fs/promises')).rm(join(project.dir, 'STOP'));
    await api.project.history.flush();
    assert.is(api.project.history.behind(), undefined);
    const [commit] = await commitsSince(project.dir, start);
    assert.is(commit!.author, 'erin <erin@example.com>');
    assert.equal(commit!.files, [`data/content/article/${created.body.data.documentId}/draft.en.json`]);
    assert.match(await readFile(join(project.dir, '.git/hook-saw'), 'utf8'), new RegExp(`data/content/article/${created.body.data.documentId}/draft.en.json`), 'the hook saw the commit\'s files staged');
    assert.is((await api.get('/_health')).status, 204);
  } finally {
    await api.close();
  }
});

failures('/_health never names a person: git\'s message, which can hold the author\'s name and email, stays in the log', async () => {
  const project = await gitProject();
  const hook = join(project.dir, '.git/hooks/pre-commit');
  await writeFile(hook, '#!/bin/sh\necho "refused for $GIT_AUTHOR_NAME <$GIT_AUTHOR_EMAIL>" >&2\nexit 1\n');
  await chmod(hook, 0o755);
  const api = await serveProject(project.dir, project.cleanup);
  try {
    const zelda = await signUp(api, 'zelda-distinct');
    assert.is((await api.post('/api/articles?status=draft', { data: { title: 'Held back' } }, zelda)).status, 200);
    await api.project.history.flush();
    const health = await api.get('/_health');
    assert.is(health.status, 200);
    assert.not.match(health.text, /zelda/);
    assert.equal(health.body, { history: `history is behind: 1 write not committed to git (${HOOK_FAILED})` });
    const words = 'refused for zelda-distinct <zelda-distinct@example.com>';
    assert.ok(api.log.some((line) => line.includes(words)), 'the log keeps git\'s own words');
  } finally {
    await api.close();
  }
});

failures.run();

const identities = suite('history in git: an author\'s identity');

/** A process id no process has (Linux's highest is 2^22): its journal is one a killed server left. */
const GONE_PID = 2 ** 22 + 1;

/**
 * A username that, written raw into fast-import's `author` line, ends that line and writes a commit
 * of its own: forged author, committer and date, and an extensions/index.ts the server would run.
 */
function forgingUsername(): string {
  const planted = "export default { register() { throw new Error('planted'); } };\n";
  return [
    'Mallory <m@x> 1700000000 +0000',
    'committer Mallory <m@x> 1700000000 +0000',
    'data 6',
    'pwned',
    'from refs/heads/main^0',
    'M 100644 inline extensions/index.ts',
    `data ${Buffer.byteLength(planted)}`,
    planted,
    'commit refs/heads/cover',
    'author Mallory',
  ].join('\n');
}

/** What git holds of a planted extensions/index.ts: every commit of every ref that touches it. */
const planted = (dir: string) => git(dir, 'log', '--all', '--format=%H', '--', 'extensions/index.ts');

/** The one commit made since `start`, checked to be foliocms's, by an author of one clean line. */
async function oneSafeCommit(dir: string, start: string): Promise<Commit> {
  const made = await commitsSince(dir, start);
  assert.is(made.length, 1, `exactly one commit: ${made.map((commit) => commit.subject).join(' | ')}`);
  const [commit] = made;
  assert.is(commit!.committer, 'foliocms');
  const name = await git(dir, 'log', '-1', '--format=%an');
  assert.not.match(name, /[\n\r<>]/);
  assert.is(await planted(dir), '', 'no extensions/index.ts anywhere in the repository');
  assert.is(await git(dir, 'for-each-ref', '--format=%(refname)', 'refs/heads'), 'refs/heads/main', 'no other branch');
  return commit!;
}

identities('a stored username that writes fast-import commands gets one commit, by a name of one line', async () => {
  const project = await gitProject();
  const start = await git(project.dir, 'rev-parse', 'HEAD');
  const api = await serveProject(project.dir, project.cleanup);
  try {
    const id = await addUserRow(api.project, { username: forgingUsername(), email: 'm@x.example' });
    const mallory = { Authorization: `Bearer ${issueToken(api.project.tokens, id)}` };
    const created = await api.post('/api/articles?status=draft', { data: { title: 'Innocent' } }, mallory);
    assert.is(created.status, 200, JSON.stringify(created.body));
    await api.project.history.flush();
    assert.is(api.project.history.behind(), undefined);
    const commit = await oneSafeCommit(project.dir, start);
    assert.match(commit.author, /^Mallory m@x 1700000000 \+0000 committer Mallory .* <m@x\.example>$/);
    assert.equal(commit.files, [`data/content/article/${created.body.data.documentId}/draft.en.json`]);
  } finally {
    await api.close();
  }
});

identities('a journal line an older version wrote with that username raw is committed at start by the same name', async () => {
  const project = await gitProject();
  const api = await serveProject(project.dir);
  const alice = await signUp(api, 'alice');
  const created = await api.post('/api/articles?status=draft', { data: { title: 'First' } }, alice);
  assert.is(created.status, 200, JSON.stringify(created.body));
  await api.stop();
  const start = await git(project.dir, 'rev-parse', 'HEAD');
  // What a killed server left: the file written, its journal line not committed yet.
  const path = `data/content/article/${created.body.data.documentId}/draft.en.json`;
  const content = (await readFile(join(project.dir, path), 'utf8')).replace('"First"', '"Second"');
  await writeFile(join(project.dir, path), content);
  const line = {
    id: 1,
    at: '2026-01-02T00:00:00.000Z',
    author: { name: forgingUsername(), email: 'm@x.example' },
    subject: 'Update article "Second" (en)',
    trailers: [{ type: 'api::article.article', document: created.body.data.documentId, locale: 'en', action: 'update' }],
    files: [{ path, content }],
  };
  await writeFile(join(project.dir, `data/.pending-commits-${GONE_PID}.jsonl`), `${JSON.stringify(line)}\n`);
  const again = await serveProject(project.dir, project.cleanup);
  try {
    await again.project.history.flush();
    const commit = await oneSafeCommit(project.dir, start);
    assert.match(commit.author, /^Mallory m@x .* <m@x\.example>$/);
    assert.equal(commit.files, [path]);
  } finally {
    await again.close();
  }
});

identities('a username holding > does not stop its commit, nor the commits of the writes after it', async () => {
  const project = await gitProject();
  const start = await git(project.dir, 'rev-parse', 'HEAD');
  const api = await serveProject(project.dir, project.cleanup);
  try {
    const id = await addUserRow(api.project, { username: 'eve>', email: 'eve@example.com' });
    const eve = { Authorization: `Bearer ${issueToken(api.project.tokens, id)}` };
    assert.is((await api.post('/api/articles?status=draft', { data: { title: 'By eve' } }, eve)).status, 200);
    await api.project.history.flush();
    const bob = await signUp(api, 'bob');
    assert.is((await api.post('/api/articles?status=draft', { data: { title: 'By bob' } }, bob)).status, 200);
    await api.project.history.flush();
    assert.is(api.project.history.behind(), undefined);
    const authors = (await commitsSince(project.dir, start)).map((commit) => commit.author);
    assert.equal(authors, ['eve <eve@example.com>', 'bob <bob@example.com>']);
    assert.is((await api.get('/_health')).status, 204);
  } finally {
    await api.close();
  }
});

identities('the commit built through an index (the repository has a hook) takes the same one-line name', async () => {
  const project = await gitProject();
  const start = await git(project.dir, 'rev-parse', 'HEAD');
  const hook = join(project.dir, '.git/hooks/pre-commit');
  await writeFile(hook, '#!/bin/sh\nexit 0\n');
  await chmod(hook, 0o755);
  const api = await serveProject(project.dir, project.cleanup);
  try {
    const id = await addUserRow(api.project, { username: `${forgingUsername()}\u001b[31m\u2028`, email: 'm@x.example' });
    const mallory = { Authorization: `Bearer ${issueToken(api.project.tokens, id)}` };
    assert.is((await api.post('/api/articles?status=draft', { data: { title: 'Innocent' } }, mallory)).status, 200);
    await api.project.history.flush();
    assert.is(api.project.history.behind(), undefined);
    const commit = await oneSafeCommit(project.dir, start);
    assert.match(commit.author, /^Mallory m@x 1700000000 \+0000 committer .* author Mallory \[31m <m@x\.example>$/);
  } finally {
    await api.close();
  }
});

identities.run();
