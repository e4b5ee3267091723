/**
 * scripts/check-architecture.mjs: Koa only in server/ and cli/, no import cycles (in src/ and in the
 * admin/ beside it), a domain's index.ts is its only door, the layers imported top to bottom only,
 * no source file cites a document that is not in the repository, operations never import one
 * another, and no file of src/ or admin/ is over 400 lines.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../../scripts/check-architecture.mjs', import.meta.url));

/** A clean little tree: shared modules at the top, three domains, each entered through its index.ts. */
const CLEAN: Record<string, string> = {
  'errors.ts': 'export class AppError extends Error {}\n',
  'index.ts': "export { createApp } from './server/index.js';\nexport { run } from './cli/index.js';\nexport * from './errors.js';\n",
  'users/index.ts': "export { createUsers } from './service.js';\nexport type { User } from './types.js';\n",
  'users/types.ts': 'export interface User { id: number }\n',
  'users/service.ts': "import type { User } from './types.js';\nimport { AppError } from '../errors.js';\nexport const createUsers = (): User[] => { if (Math.random() > 2) throw new AppError(); return []; };\n",
  'model/index.ts': "export { query } from './query/index.js';\n",
  'model/query/index.ts': "export const query = (): string => 'q';\n",
  'server/index.ts': "import Koa from 'koa';\nimport Router from '@koa/router';\nimport bodyParser from 'koa-bodyparser';\nimport { routes } from './routes/users.js';\nexport const createApp = () => [new Koa(), new Router(), bodyParser, routes];\n",
  'server/routes/users.ts': "import type { Context } from 'koa';\nimport { createUsers } from '../../users/index.js';\nimport { query } from '../../model/index.js';\nexport const routes = (ctx: Context) => [createUsers(), query(), ctx];\n",
  'cli/index.ts': "import type Koa from 'koa';\nexport const run = async (app?: Koa) => { const { createUsers } = await import('../users/index.js'); return [app, createUsers()]; };\n",
  // Neither comments nor strings are imports.
  'users/notes.ts': "// import Koa from 'koa';\n/* import { x } from '../server/app.js' */\nexport const note = \"import('koa') and from '../model/query/sort.js'\";\n",
};

async function tree(files: Record<string, string>): Promise<{ root: string; remove: () => Promise<void> }> {
  const base = await mkdtemp(join(tmpdir(), 'folio-architecture-'));
  const root = join(base, 'src');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return { root, remove: () => rm(base, { recursive: true, force: true }) };
}

async function check(files: Record<string, string>): Promise<{ code: number | null; lines: string[]; output: string }> {
  const { root, remove } = await tree(files);
  try {
    const result = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
    const output = result.stdout + result.stderr;
    return { code: result.status, lines: output.split('\n').filter(Boolean), output };
  } finally {
    await remove();
  }
}

test('a clean tree passes and says how many files it read', async () => {
  const result = await check(CLEAN);
  assert.is(result.code, 0, result.output);
  assert.equal(result.lines, [`architecture: ok (${Object.keys(CLEAN).length} files, no cycles)`]);
});

test('Koa in a domain or a shared module fails, type-only and re-exports included, naming the file and package', async () => {
  const result = await check({
    ...CLEAN,
    'users/routes.ts': "import type { Context } from 'koa';\nexport const handler = (ctx: Context) => ctx;\n",
    'model/parse.ts': "export { default as bodyParser } from 'koa-bodyparser';\n",
    'model/router.ts': "export const load = () => import('@koa/router');\n",
    'http.ts': "import Koa = require('koa');\nexport const app = new Koa();\n",
  });
  assert.is(result.code, 1, result.output);
  const koa = result.lines.filter((line) => line.includes('Koa'));
  assert.equal(koa, [
    "architecture: src/http.ts:1 imports 'koa': only src/server/ and src/cli/ may import Koa",
    "architecture: src/model/parse.ts:1 imports 'koa-bodyparser': only src/server/ and src/cli/ may import Koa",
    "architecture: src/model/router.ts:1 imports '@koa/router': only src/server/ and src/cli/ may import Koa",
    "architecture: src/users/routes.ts:1 imports 'koa': only src/server/ and src/cli/ may import Koa",
  ]);
  assert.match(result.output, /architecture: 4 violations in \d+ files/);
});

test('an import cycle fails and prints the cycle, even when one edge is type-only or dynamic', async () => {
  const result = await check({
    ...CLEAN,
    'users/service.ts': "import type { Role } from './roles.js';\nexport const createUsers = (role?: Role) => [role];\n",
    'users/roles.ts': "import { createUsers } from './service.js';\nexport type Role = ReturnType<typeof createUsers>;\n",
    'model/a.ts': "export const a = () => import('./b.js');\n",
    'model/b.ts': "export { c } from './c.js';\n",
    'model/c.ts': "import { a } from './a.js';\nexport const c = a;\n",
    'model/self.ts': "export * from './self.js';\n",
  });
  assert.is(result.code, 1, result.output);
  const cycles = result.lines.filter((line) => line.startsWith('architecture: import cycle'));
  assert.equal(cycles, [
    'architecture: import cycle: src/model/a.ts -> src/model/b.ts -> src/model/c.ts -> src/model/a.ts',
    'architecture: import cycle: src/model/self.ts -> src/model/self.ts',
    'architecture: import cycle: src/users/roles.ts -> src/users/service.ts -> src/users/roles.ts',
  ]);
  assert.match(result.output, /3 import cycles/);
});

test('a cycle through more files than its shortest loop names every file in it', async () => {
  const result = await check({
    ...CLEAN,
    'model/a.ts': "import './b.js';\nimport './c.js';\n",
    'model/b.ts': "import './a.js';\n",
    'model/c.ts': "import './a.js';\n",
  });
  assert.is(result.code, 1, result.output);
  assert.ok(
    result.lines.includes('architecture: import cycle: src/model/a.ts -> src/model/b.ts -> src/model/a.ts (one of the cycles among these 3 files: src/model/a.ts, src/model/b.ts, src/model/c.ts)'),
    result.output,
  );
});

test("importing a sibling domain's inner file fails; its index.ts, shared modules and a domain's own files pass", async () => {
  const result = await check({
    ...CLEAN,
    'server/routes/users.ts': "import { createUsers } from '../../users/service.js';\nimport type { User } from '../../users/index.js';\nexport const routes = (): User[] => createUsers();\n",
    'cli/index.ts': "export const run = async () => (await import('../model/query/index.js')).query();\n",
    'index.ts': "export type { User } from './users/types.js';\nexport * from './errors.js';\nexport { createApp } from './server/index.js';\n",
    'errors.ts': "import type { User } from './users/types.js';\nexport class AppError extends Error { user?: User }\n",
  });
  assert.is(result.code, 1, result.output);
  assert.equal(result.lines.slice(0, -1), [
    'architecture: src/cli/index.ts:1 imports src/model/query/index.ts, an inner file of domain model/ (domain cli/ must import src/model/index.ts)',
    'architecture: src/errors.ts:1 imports src/users/types.ts, an inner file of domain users/ (a shared module must import src/users/index.ts)',
    'architecture: src/index.ts:1 imports src/users/types.ts, an inner file of domain users/ (a shared module must import src/users/index.ts)',
    'architecture: src/server/routes/users.ts:1 imports src/users/service.ts, an inner file of domain users/ (domain server/ must import src/users/index.ts)',
  ]);
  assert.is(result.lines.at(-1), `architecture: 4 violations in ${Object.keys(CLEAN).length} files`);
});

test('all three at once: every violation has its own line, and the exit code is 1', async () => {
  const result = await check({
    ...CLEAN,
    'users/routes.ts': "import Router from '@koa/router';\nexport const router = new Router();\n",
    'users/types.ts': "import type { createUsers } from './service.js';\nexport interface User { id: number; make?: typeof createUsers }\n",
    'model/query/index.ts': "import { createUsers } from '../../users/service.js';\nexport const query = () => createUsers();\n",
  });
  assert.is(result.code, 1, result.output);
  assert.match(result.output, /src\/users\/routes\.ts:1 imports '@koa\/router'/);
  assert.match(result.output, /import cycle: src\/users\/service\.ts -> src\/users\/types\.ts -> src\/users\/service\.ts/);
  assert.match(result.output, /src\/model\/query\/index\.ts:1 imports src\/users\/service\.ts, an inner file of domain users\//);
  // The same import also climbs from the model layer to the service layer: a fourth rule, a fourth line.
  assert.match(result.output, /src\/model\/query\/index\.ts:1 imports src\/users\/service\.ts: layer order: /);
  assert.is(result.lines.at(-1), `architecture: 4 violations in ${Object.keys(CLEAN).length + 1} files, 1 import cycle`);
});

/** The message of an import from layer `from` (folder `fromDir/`) up into layer `to` (`toDir/`). */
const UP = (from: string, fromDir: string, to: string, toDir: string) =>
  `layer order: the ${from} layer (${fromDir}/) imports nothing from the ${to} layer (${toDir}/) above it; move the code that needs ${toDir}/ up to the ${to} layer or higher, or have its caller pass in what it needs`;

test('a domain importing a layer above its own fails, naming both layers and what to do; downwards passes', async () => {
  const result = await check({
    ...CLEAN,
    'model/access.ts': "import { createUsers } from '../users/index.js';\nexport const access = () => createUsers();\n",
    'storage/index.ts': "import type { Model } from '../model/index.js';\nexport type Stored = { model?: Model };\n",
    'users/http.ts': "export const app = () => import('../server/index.js');\n",
    // Downwards, and within a layer, is the rule: a service uses storage and the model.
    'users/store.ts': "import type { Stored } from '../storage/index.js';\nimport { query } from '../model/index.js';\nexport const read = (row: Stored) => [row, query()];\n",
  });
  assert.is(result.code, 1, result.output);
  assert.equal(result.lines.slice(0, -1), [
    `architecture: src/model/access.ts:1 imports src/users/index.ts: ${UP('model', 'model', 'service', 'users')}`,
    `architecture: src/storage/index.ts:1 imports src/model/index.ts: ${UP('storage', 'storage', 'model', 'model')}`,
    `architecture: src/users/http.ts:1 imports src/server/index.ts: ${UP('service', 'users', 'transport', 'server')}`,
  ]);
  assert.is(result.lines.at(-1), `architecture: 3 violations in ${Object.keys(CLEAN).length + 4} files`);
});

test('a transport importing storage directly fails, even type-only or dynamic; through a service it passes', async () => {
  const result = await check({
    ...CLEAN,
    'storage/index.ts': "export const openTable = (name: string) => [name];\nexport type Table = string[];\n",
    'server/routes/users.ts': "import type { Context } from 'koa';\nimport type { Table } from '../../storage/index.js';\nimport { createUsers } from '../../users/index.js';\nexport const routes = (ctx: Context, table?: Table) => [createUsers(), ctx, table];\n",
    'cli/index.ts': "export const run = async () => (await import('../storage/index.js')).openTable('users');\n",
    'users/service.ts': "import { openTable } from '../storage/index.js';\nexport const createUsers = () => openTable('users');\n",
  });
  assert.is(result.code, 1, result.output);
  const skip = (from: string) => `skipped layer: the transport layer (${from}/) does not import storage/ directly; use a service or the project, and add what is missing to their index.ts`;
  assert.equal(result.lines.slice(0, -1), [
    `architecture: src/cli/index.ts:1 imports src/storage/index.ts: ${skip('cli')}`,
    `architecture: src/server/routes/users.ts:2 imports src/storage/index.ts: ${skip('server')}`,
  ]);
});

test('a domain in no layer fails once, saying where to place it', async () => {
  const result = await check({
    ...CLEAN,
    'widgets/index.ts': "export { widget } from './widget.js';\n",
    'widgets/widget.ts': "export const widget = 1;\n",
  });
  assert.is(result.code, 1, result.output);
  assert.equal(result.lines, [
    'architecture: src/widgets/ is in no layer: add it to LAYERS in scripts/check-architecture.mjs, in the layer whose rules it keeps',
    `architecture: 1 violation in ${Object.keys(CLEAN).length + 2} files`,
  ]);
});

test('a known exception passes only for its own file, and fails once the code no longer needs it', async () => {
  const importer = {
    'project/index.ts': "export const projectPaths = (dir: string) => [dir];\n",
    'import/index.ts': "export { importStrapi } from './target.js';\n",
    'import/target.ts': "import { projectPaths } from '../project/index.js';\nexport const importStrapi = (dir: string) => projectPaths(dir);\n",
  };
  const known = await check({ ...CLEAN, ...importer });
  assert.is(known.code, 0, known.output);
  const other = await check({ ...CLEAN, ...importer, 'import/rows.ts': "import { projectPaths } from '../project/index.js';\nexport const rows = () => projectPaths('.');\n" });
  assert.is(other.code, 1, other.output);
  assert.ok(other.lines.includes(`architecture: src/import/rows.ts:1 imports src/project/index.ts: ${UP('service', 'import', 'composition root', 'project')}`), other.output);
  const stale = await check({ ...CLEAN, ...importer, 'import/target.ts': "export const importStrapi = (dir: string) => [dir];\n" });
  assert.is(stale.code, 1, stale.output);
  assert.equal(stale.lines.slice(0, -1), [
    'architecture: src/import/target.ts no longer imports project/ across a layer rule: remove its entry from EXCEPTIONS in scripts/check-architecture.mjs',
  ]);
});

test('an operation importing another operation fails, even type-only; the shared context and modules beside the folder pass', async () => {
  const content = {
    'content/index.ts': "export { createService } from './service.js';\n",
    'content/context.ts': "export interface Context { id: number }\n",
    'content/service.ts': "import { createFind } from './operations/find.js';\nimport { createUpdate } from './operations/update.js';\nexport const createService = () => [createFind(), createUpdate()];\n",
    'content/operations/find.ts': "import type { Context } from '../context.js';\nexport const createFind = (context?: Context) => context;\n",
  };
  const clean = await check({ ...CLEAN, ...content, 'content/operations/update.ts': "export const createUpdate = () => 1;\n" });
  assert.is(clean.code, 0, clean.output);
  const crossing = await check({ ...CLEAN, ...content, 'content/operations/update.ts': "import type { createFind } from './find.js';\nexport const createUpdate = (find?: typeof createFind) => find;\n" });
  assert.is(crossing.code, 1, crossing.output);
  assert.equal(crossing.lines.slice(0, -1), [
    'architecture: src/content/operations/update.ts:1 imports src/content/operations/find.ts: an operation imports no other operation; have the service that builds both hand it over',
  ]);
});

test('a file of src/ over 400 lines fails, naming its length; 400 lines pass', async () => {
  const lines = (count: number) => Array.from({ length: count }, (_, i) => `export const line${i} = ${i};\n`).join('');
  const fits = await check({ ...CLEAN, 'users/long.ts': lines(400) });
  assert.is(fits.code, 0, fits.output);
  const long = await check({ ...CLEAN, 'users/long.ts': lines(401) });
  assert.is(long.code, 1, long.output);
  assert.equal(long.lines.slice(0, -1), ['architecture: src/users/long.ts has 401 lines, more than 400: split it into modules of one concept each']);
});

test('a file of admin/ over 400 lines fails too, in a folder of its own as at its top; 400 lines pass', async () => {
  const lines = (count: number) => Array.from({ length: count }, (_, i) => `export const line${i} = ${i};\n`).join('');
  const fits = await check({ ...CLEAN, '../admin/screens/content/entry-view.js': lines(400) });
  assert.is(fits.code, 0, fits.output);
  const long = await check({ ...CLEAN, '../admin/screens/content/entry-view.js': lines(401), '../admin/app.js': lines(402) });
  assert.is(long.code, 1, long.output);
  assert.equal(long.lines.slice(0, -1), [
    'architecture: admin/app.js has 402 lines, more than 400: split it into modules of one concept each',
    'architecture: admin/screens/content/entry-view.js has 401 lines, more than 400: split it into modules of one concept each',
  ]);
});

test('a file of editors/ (the bundled editors the page loads) over 400 lines fails too; 400 lines pass', async () => {
  const lines = (count: number) => Array.from({ length: count }, (_, i) => `export const line${i} = ${i};\n`).join('');
  const fits = await check({ ...CLEAN, '../editors/rich-text/index.js': lines(400) });
  assert.is(fits.code, 0, fits.output);
  const long = await check({ ...CLEAN, '../editors/rich-text/index.js': lines(401) });
  assert.is(long.code, 1, long.output);
  assert.equal(long.lines.slice(0, -1), ['architecture: editors/rich-text/index.js has 401 lines, more than 400: split it into modules of one concept each']);
});

test('admin/ beside the root is read too: its files are counted, and an import cycle there fails', async () => {
  const admin = {
    '../admin/app.js': "import { html } from './vendor/preact-htm.js';\nimport { Field } from './fields.js';\nexport const App = () => html`<${Field} />`;\n",
    '../admin/fields.js': "import { ComponentField } from './components.js';\nexport const Field = () => ComponentField;\n",
    '../admin/components.js': "export const ComponentField = ({ Field }) => Field;\n",
    '../admin/style.css': 'body { margin: 0 }\n',
  };
  const clean = await check({ ...CLEAN, ...admin });
  assert.is(clean.code, 0, clean.output);
  assert.equal(clean.lines, [`architecture: ok (${Object.keys(CLEAN).length + 3} files, no cycles)`]);
  const cyclic = await check({ ...CLEAN, ...admin, '../admin/components.js': "import { Field } from './fields.js';\nexport const ComponentField = () => Field;\n" });
  assert.is(cyclic.code, 1, cyclic.output);
  assert.equal(cyclic.lines, [
    'architecture: import cycle: admin/components.js -> admin/fields.js -> admin/components.js',
    `architecture: 1 violation in ${Object.keys(CLEAN).length + 3} files, 1 import cycle`,
  ]);
});

/**
 * Documents that are not in the repository, each written in two parts as the check script writes
 * them: the check reads this file too, and it must not find them named here.
 */
const [CONTRACT, STYLE, SPEC, REFERENCE, SHARED] = [['CONTRACT', '.md'], ['STYLE', '.md'], ['spec/api', '.md'], ['strapi', '-reference'], ['../', 'shared/']]
  .map((parts) => parts.join(''));
const INSTEAD = "write the rule in the project's own words, or point to README or docs/ (by heading) or to Strapi's public documentation (https://docs.strapi.io)";

test('a source file of src/, test/, scripts/, bench/ or admin/ naming a document not in the repository fails, one line per file, saying what to write instead', async () => {
  const cited = {
    'users/service.ts': `// The user service (${REFERENCE} §1.12).\n${CLEAN['users/service.ts']}// Defaults as ${CONTRACT} lists them.\n`,
    '../test/api/users.test.ts': `/** ${SPEC} "User endpoints". */\nexport {};\n`,
    '../test/storage/crash.test.ts': `// The kill -9 race test (${STYLE} principle 6).\n// See ${SHARED}notes.md.\n// And ${STYLE} again.\nexport {};\n`,
    '../scripts/release.mjs': `process.stdout.write('see ${CONTRACT}');\n`,
    '../bench/run.mjs': `export const title = 'the query language of ${REFERENCE} §4.2';\n`,
    '../admin/app.js': `// Fields as ${SPEC} lists them.\nexport const App = () => null;\n`,
    // Said in the project's own words it passes; a file that is not source is not read.
    '../test/api/roles.test.ts': '/** The role endpoints, as Strapi 5 answers them (README "Users, roles and permissions endpoints"). */\nexport {};\n',
    '../test/fixtures/notes.md': `${CONTRACT}\n`,
  };
  const result = await check({ ...CLEAN, ...cited });
  assert.is(result.code, 1, result.output);
  assert.equal(result.lines, [
    `architecture: admin/app.js:1 names ${SPEC}, a document not in the repository: ${INSTEAD}`,
    `architecture: bench/run.mjs:1 names ${REFERENCE}, a document not in the repository: ${INSTEAD}`,
    `architecture: scripts/release.mjs:1 names ${CONTRACT}, a document not in the repository: ${INSTEAD}`,
    `architecture: src/users/service.ts:1 names ${CONTRACT} and ${REFERENCE}, documents not in the repository (also line 5): ${INSTEAD}`,
    `architecture: test/api/users.test.ts:1 names ${SPEC}, a document not in the repository: ${INSTEAD}`,
    `architecture: test/storage/crash.test.ts:1 names ${STYLE} and ${SHARED}, documents not in the repository (also lines 2, 3): ${INSTEAD}`,
    `architecture: 6 violations in ${Object.keys(CLEAN).length + 6} files`,
  ]);
});

test('an unknown argument or a missing root is a usage error, not a pass', async () => {
  const missing = spawnSync(process.execPath, [SCRIPT, '--root', join(tmpdir(), 'folio-architecture-none', 'src')], { encoding: 'utf8' });
  assert.is(missing.status, 2);
  assert.match(missing.stderr, /is not a directory/);
  const unknown = spawnSync(process.execPath, [SCRIPT, '--rot'], { encoding: 'utf8' });
  assert.is(unknown.status, 2);
  assert.match(unknown.stderr, /unknown argument --rot/);
});

test.run();
