/**
 * A project's own code as the `folio` binary meets it: an extension that cannot load stops
 * `folio serve` (and every command) with one line naming its file and line; `folio routes` lists
 * its routes with their actions; `folio permission grant` knows those actions; the sample
 * project's extension serves its like route; and a typed extension compiles against the
 * package's types, as a user's project compiles it.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { folio, initProject, repoRoot, tempDir, writeFiles } from '../_helpers/index.js';
import { serve } from '../_helpers/server.js';
import { openFolio } from '../../src/index.js';

const test = suite('extensions from the folio binary');

/** `folio serve` on a project whose extension is `source`: its exit code and what it said. */
async function serveWith(source: string, name = 'index.ts') {
  const project = await initProject();
  try {
    await writeFiles(project.dir, { [`extensions/${name}`]: source });
    return await folio(['--dir', project.dir, 'serve', '--port', '0']);
  } finally {
    await project.cleanup();
  }
}

test('an extension that does not build stops folio serve with one line naming the file and line', async () => {
  const result = await serveWith('export default {\n  register(folio) {\n    const x = ;\n  },\n};\n');
  assert.is(result.code, 1);
  assert.is(result.stderr.trim().split('\n').length, 1, result.stderr);
  assert.match(result.stderr, /^folio: extensions\/index\.ts:3: Unexpected ";"/);
});

test('an error thrown while loading or registering names the TypeScript line it was thrown at', async () => {
  const thrown = await serveWith("import type { Folio } from 'foliocms';\n\nexport default {\n  register(folio: Folio) {\n    throw new Error('no database password');\n  },\n};\n");
  assert.is(thrown.code, 1);
  assert.match(thrown.stderr, /^folio: extensions\/index\.ts:5: register failed: no database password\n$/);
  const loading = await serveWith("const settings: any = null;\n\nsettings.port;\nexport default {};\n");
  assert.match(loading.stderr, /^folio: extensions\/index\.ts:3: could not be loaded: Cannot read properties of null/);
  const mistaken = await serveWith("export default {\n  register(folio) {\n    folio.routes.add({ method: 'GET', path: 'stats', handler() {} });\n  },\n};\n", 'index.mjs');
  assert.match(mistaken.stderr, /^folio: extensions\/index\.mjs:3: register failed: folio\.routes\.add: path must look like/);
  const notAnObject = await serveWith('export default 42;\n', 'index.js');
  assert.match(notAnObject.stderr, /^folio: extensions\/index\.js: must default-export an object/);
  const policy = await serveWith("export default { register(folio) { folio.routes.add({ method: 'GET', path: '/x', handler() {}, config: { policies: ['is-owner'] } }); } };\n");
  assert.match(policy.stderr, /no policy "is-owner" was added/);
  const configured = await serveWith("export default { register(folio) { folio.policies.add('open', () => true); folio.routes.configure('api::post.post', 'find', { policies: ['open'] }); } };\n");
  assert.match(configured.stderr, /^folio: extensions\/index\.ts: register added what cannot be: folio\.routes\.configure\("api::post\.post", "find"\): there is no content type api::post\.post\n$/);
  const notAFunction = await serveWith("export default { register(folio) {\n  folio.documents.use('slugify');\n} };\n");
  assert.match(notAFunction.stderr, /^folio: extensions\/index\.ts:2: register failed: folio\.documents\.use takes a function/);
});

test('register, bootstrap and destroy run at their moments: serve runs all three, a command that only opens the data runs register', async () => {
  const project = await initProject();
  try {
    const dir = project.dir;
    const marks = join(dir, 'marks.txt');
    await writeFiles(dir, {
      'extensions/index.mjs': [
        "import { appendFileSync } from 'node:fs';",
        `const mark = (what) => appendFileSync(${JSON.stringify(marks)}, what + '\\n');`,
        'export default {',
        "  register() { mark('register'); },",
        "  async bootstrap(folio) { mark('bootstrap ' + (await folio.documents('api::post.post').count())); },",
        "  destroy() { mark('destroy'); },",
        '};',
      ].join('\n'),
    });
    assert.is((await folio(['content-type', 'create', 'post', '--attr', 'title:string', '--dir', dir])).code, 0);
    const server = await serve(dir);
    assert.is(await readFile(marks, 'utf8'), 'register\nbootstrap 0\n', 'both before the server listens');
    await server.stop();
    assert.is(await readFile(marks, 'utf8'), 'register\nbootstrap 0\ndestroy\n');
    await writeFile(marks, '');
    assert.is((await folio(['user', 'list', '--dir', dir])).code, 0);
    assert.is(await readFile(marks, 'utf8'), 'register\n');
  } finally {
    await project.cleanup();
  }
});

test('folio routes lists every route with its action; folio permission grant knows the project\'s own', async () => {
  const project = await initProject();
  try {
    await writeFiles(project.dir, {
      'extensions/index.ts': [
        "import type { Folio } from 'foliocms';",
        'export default {',
        '  register(folio: Folio) {',
        "    folio.routes.add({ method: 'POST', path: '/reports/:id/approve', handler: async function approve() { return { ok: true }; } });",
        "    folio.routes.add({ method: 'GET', path: '/ping', handler: () => 'pong', config: { auth: false } });",
        '  },',
        '};',
      ].join('\n'),
    });
    const listed = await folio(['--dir', project.dir, 'routes', '--json']);
    assert.is(listed.code, 0, listed.stderr);
    const routes = JSON.parse(listed.stdout) as Array<{ method: string; path: string; action: string }>;
    assert.ok(routes.some((route) => route.method === 'POST' && route.path === '/api/reports/:id/approve' && route.action === 'api::reports.reports.approve'));
    assert.ok(routes.some((route) => route.method === 'GET' && route.path === '/api/ping' && route.action === 'public'));
    assert.ok(routes.some((route) => route.method === 'GET' && route.path === '/api/users/me' && route.action === 'plugin::users-permissions.user.me'));
    assert.ok(routes.some((route) => route.path === '/_health' && route.action === 'public'), 'the routes answered before /api too');
    assert.ok(routes.some((route) => route.method === 'POST' && route.path === '/graphql' && route.action === 'per field'), 'GraphQL, whose every field asks for its own action');
    const withoutAdmin = await folio(['--dir', project.dir, 'config', 'set', 'server.admin.enabled', 'false']);
    assert.is(withoutAdmin.code, 0, withoutAdmin.stderr);
    const afterOff = JSON.parse((await folio(['--dir', project.dir, 'routes', '--json'])).stdout) as Array<{ path: string }>;
    assert.ok(routes.some((route) => route.path === '/admin/') && !afterOff.some((route) => route.path === '/admin/'), "the editors' page only while it is on");
    const text = await folio(['--dir', project.dir, 'routes']);
    assert.match(text.stdout, /POST\s+\/api\/reports\/:id\/approve\s+api::reports\.reports\.approve/);
    const granted = await folio(['--dir', project.dir, 'permission', 'grant', 'authenticated', 'api::reports.reports.approve']);
    assert.is(granted.code, 0, granted.stderr);
    const unknown = await folio(['--dir', project.dir, 'permission', 'grant', 'authenticated', 'api::reports.reports.aprove']);
    assert.is(unknown.code, 1);
    assert.match(unknown.stderr, /did you mean "api::reports\.reports\.approve"/);
  } finally {
    await project.cleanup();
  }
});

test("the sample project's extension: a slug from the title, and a like counted with its own permission", async () => {
  const tmp = await tempDir();
  const dir = join(tmp.path, 'sample');
  try {
    for (const part of ['config', 'content-types', 'extensions', 'data']) await cp(join(repoRoot, part), join(dir, part), { recursive: true, filter: (source) => !source.includes(`${join('data', 'history')}`) });
    const server = await serve(dir);
    try {
      const call = async (method: string, path: string, body?: unknown, jwt?: string) => {
        const response = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
        return { status: response.status, body: (await response.json()) as any };
      };
      await folio(['--dir', dir, 'user', 'create', '--username', 'ada', '--email', 'ada@example.com', '--password', 'a-long-password-1']);
      await folio(['--dir', dir, 'permission', 'grant', 'authenticated', 'api::article.article.create']);
      const jwt = (await call('POST', '/api/auth/local', { identifier: 'ada', password: 'a-long-password-1' })).body.jwt as string;
      const created = await call('POST', '/api/articles?status=published', { data: { title: 'Ça, c’est Koa!' } }, jwt);
      assert.is(created.status, 200, JSON.stringify(created.body));
      assert.is(created.body.data.slug, 'ca-c-est-koa');
      assert.is((await call('POST', '/api/articles?status=published', { data: { title: 'Ça, c’est Koa' } }, jwt)).body.data.slug, 'ca-c-est-koa-2', 'unique');
      const id = created.body.data.documentId as string;
      assert.is((await call('POST', `/api/articles/${id}/like`)).status, 403, 'Public may not like');
      const liked = await call('POST', `/api/articles/${id}/like`, undefined, jwt);
      assert.equal(liked.body, { data: { documentId: id, likes: 1 } }, 'Authenticated holds api::article.article.like in the sample');
      assert.is((await call('GET', `/api/articles/${id}?fields=likes`)).body.data.likes, 1, 'published: readers see the count');
    } finally {
      await server.stop();
    }
  } finally {
    await tmp.cleanup();
  }
});

test('folio restore is a document action like any other: the middlewares see it as an update, and may refuse it', async () => {
  const tmp = await tempDir();
  const dir = join(tmp.path, 'sample');
  try {
    for (const part of ['config', 'content-types']) await cp(join(repoRoot, part), join(dir, part), { recursive: true });
    await writeFiles(dir, {
      'extensions/index.ts': [
        "import { errors, type Folio } from 'foliocms';",
        'export default {',
        '  register(folio: Folio) {',
        '    folio.documents.use(async (context, next) => {',
        "      const data = context.params.data as { title?: string } | undefined;",
        "      if (context.action === 'update' && data?.title === 'Forbidden past') throw new errors.ValidationError('That version may not come back');",
        "      if (context.action === 'update' && typeof data?.title === 'string') data.title = `${data.title} (seen)`;",
        '      return next();',
        '    });',
        '  },',
        '};',
      ].join('\n'),
    });
    const script = await openFolio({ dir });
    const articles = script.documents('api::article.article');
    const { documentId } = await articles.create({ data: { title: 'Forbidden past', slug: 'first' } });
    await articles.update({ documentId, data: { title: 'Second' } });
    await articles.update({ documentId, data: { title: 'Third' } });
    await script.close();
    const history = JSON.parse((await folio(['--dir', dir, '--json', 'history', 'article', documentId])).stdout) as Array<{ version: string; action: string }>;
    const [, second, created] = history;
    const refused = await folio(['--dir', dir, 'restore', 'article', documentId, created!.version]);
    assert.equal([refused.code, refused.stderr], [1, 'folio: That version may not come back\n']);
    const restored = await folio(['--dir', dir, '--json', 'restore', 'article', documentId, second!.version]);
    assert.is(restored.code, 0, restored.stderr);
    assert.is((JSON.parse(restored.stdout) as { title: string }).title, 'Second (seen) (seen)', 'the middleware saw the restore as an update and changed its data');
  } finally {
    await tmp.cleanup();
  }
});

test('folio media delete says that the document middlewares did not run for the documents it unlinks a file from', async () => {
  const project = await initProject();
  try {
    const dir = project.dir;
    assert.is((await folio(['content-type', 'create', 'post', '--attr', 'title:string', 'cover:media', '--dir', dir])).code, 0);
    await writeFiles(dir, { 'extensions/index.ts': 'export default { register(folio) { folio.documents.use((context, next) => next()); } };\n', 'notes.txt': 'plain text' });
    assert.is((await folio(['media', 'add', 'notes.txt', '--dir', dir], { cwd: dir })).code, 0);
    const script = await openFolio({ dir });
    await script.documents('api::post.post').create({ data: { title: 'With a cover', cover: 1 } });
    await script.close();
    const deleted = await folio(['media', 'delete', '1', '--dir', dir]);
    assert.equal([deleted.code, deleted.stdout], [0, 'Deleted file 1 (notes.txt) and its formats; unlinked it from 1 document(s). Document middlewares did not run for that unlinking.\n']);
  } finally {
    await project.cleanup();
  }
});

test('a typed extension compiles against the types the package ships; a mistake in it does not', async () => {
  const tmp = await tempDir();
  try {
    const project = join(tmp.path, 'site');
    await mkdir(join(project, 'node_modules'), { recursive: true });
    await symlink(repoRoot, join(project, 'node_modules', 'foliocms'));
    await cp(join(repoRoot, 'extensions'), join(project, 'extensions'), { recursive: true });
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: true, types: [] }, include: ['extensions'] }));
    const tsc = (cwd: string) => spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', cwd], { encoding: 'utf8' });
    const good = tsc(project);
    assert.is(good.status, 0, good.stdout + good.stderr);
    await writeFile(join(project, 'extensions', 'index.ts'), "import type { Folio } from 'foliocms';\nexport default { async bootstrap(folio: Folio) { await folio.documents('api::article.article').findAll(); } };\n");
    const bad = tsc(project);
    assert.is(bad.status, 2);
    assert.match(bad.stdout, /Property 'findAll' does not exist on type 'DocumentService'/);
  } finally {
    await tmp.cleanup();
  }
});

test.run();
