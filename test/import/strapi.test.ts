/**
 * `folio import strapi`: a real Strapi 5.54 export (test/fixtures/strapi/) becomes a foliocms
 * project that answers the reads Strapi answered before the export, and whose users sign in with
 * their Strapi passwords. Bad archives are refused in one line with nothing written.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFile, mkdir, readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as tar from 'tar';
import { parse } from 'yaml';
import { createProgram, type CliIo } from '../../src/cli/index.js';
import { storedTable } from '../_helpers/at-rest.js';
import { createDatabase } from '../_helpers/databases.js';
import { entriesUnder, folio, initProject, repoRoot, tempDir } from '../_helpers/index.js';
import { serveProject, type ApiServer } from '../_helpers/server.js';
import { MAX_LINE_BYTES } from '../../src/import/archive.js';

const FIXTURES = join(repoRoot, 'test/fixtures/strapi');
const GZ = join(FIXTURES, 'strapi-export.tar.gz');
const TAR = join(FIXTURES, 'strapi-export.tar');

interface Recorded {
  reads: Array<{ path: string; status: number; body: unknown }>;
  logins: Array<{ identifier: string; password: string; status: number; body: { jwt?: string; user?: unknown } }>;
}
const recorded = JSON.parse(await readFile(join(FIXTURES, 'answers.json'), 'utf8')) as Recorded;

/** A project made by `folio init`, on PostgreSQL when the suite runs there. */
async function initTarget(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const project = await initProject();
  const server = process.env.FOLIO_TEST_DATABASE;
  if (server) await writeFile(join(project.dir, '.env'), `${await readFile(join(project.dir, '.env'), 'utf8')}DATABASE_URL=${await createDatabase(server)}\n`, { mode: 0o600 });
  return project;
}

/** Every file under `dir` with its bytes: what "nothing was written" is checked against. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await entriesUnder(dir)) if (!entry.directory) files[entry.name] = (await readFile(entry.path)).toString('base64');
  return files;
}

/** The fixture archive, extracted, changed by `edit`, and packed again (gzip). */
async function editedArchive(dir: string, edit: (root: string) => Promise<void>): Promise<string> {
  const root = join(dir, 'unpacked');
  await mkdir(root, { recursive: true });
  await tar.x({ file: TAR, cwd: root });
  await edit(root);
  const file = join(dir, 'edited.tar.gz');
  await tar.c({ gzip: true, file, cwd: root }, await readdir(root));
  return file;
}

/** An `edit` for editedArchive: the lines of one JSON-lines file of the archive, parsed, changed in place (or replaced). */
function editLines(file: string, change: (lines: any[]) => any[] | void): (root: string) => Promise<void> {
  return async (root) => {
    const path = join(root, file);
    const lines = (await readFile(path, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    const changed = change(lines) ?? lines;
    await writeFile(path, changed.map((line) => JSON.stringify(line)).join('\n') + '\n');
  };
}

/** A one-entry tar whose entry is named `name`, as no honest tool would write it. */
function tarWithEntry(name: string, body: string): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100, 'utf8');
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${Buffer.byteLength(body).toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  const data = Buffer.alloc(Math.ceil(Buffer.byteLength(body) / 512) * 512);
  data.write(body);
  return Buffer.concat([header, data, Buffer.alloc(1024)]);
}

/** The article's component and dynamic-zone attributes, in the order of its schema. */
const COMPONENT_FIELDS = ['sections', 'blocks'];

/**
 * Strapi's answer as the imported project gives it: the same (the import sets
 * `rest.componentIds: true`), key order aside, but for component ids Strapi gave twice in one
 * version. Strapi numbers each component's table on its own, foliocms numbers the entries of a
 * version together: the second of a pair gets an id above the version's others (docs/moving-from-strapi.md).
 */
function asImportedAnswers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asImportedAnswers);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, any> = Object.fromEntries(Object.entries(value).map(([key, field]) => [key, asImportedAnswers(field)]));
  if (typeof copy.documentId === 'string') {
    const entries: Array<{ id: number }> = COMPONENT_FIELDS.flatMap((key) => (Array.isArray(copy[key]) ? copy[key] : []));
    const seen = new Set<number>();
    const clashing: Array<{ id: number }> = [];
    for (const entry of entries) {
      if (seen.has(entry.id)) clashing.push(entry);
      else seen.add(entry.id);
    }
    let next = Math.max(0, ...seen);
    for (const entry of clashing) entry.id = ++next;
  }
  return copy;
}

/** What `folio import strapi` sets in config/api.yaml so that a Strapi front end reads the answers it knows. */
async function assertStrapiShapes(dir: string): Promise<void> {
  const rest = parse(await readFile(join(dir, 'config/api.yaml'), 'utf8')).rest;
  assert.is(rest.componentIds, true, 'component entries carry their ids');
  assert.is(rest.localeDocumentAsArray, false, 'one document read in a locale is an object');
}

async function compareReads(api: ApiServer): Promise<void> {
  for (const read of recorded.reads) {
    const answer = await api.get(read.path);
    if (read.path === '/api/i18n/locales') {
      // Open to everyone in foliocms (docs/api/differences-from-strapi.md); the locales are Strapi's.
      assert.equal(answer.body.map((locale: { code: string }) => locale.code), ['en', 'fr']);
      continue;
    }
    assert.is(answer.status, read.status, read.path);
    assert.equal(answer.body, asImportedAnswers(read.body), read.path);
  }
}

const test = suite('folio import strapi');

test('an empty folder should become the Strapi site: every read answered as Strapi answered it, every user signing in with the Strapi password', async () => {
  const tmp = await tempDir();
  try {
    const dir = join(tmp.path, 'site');
    const imported = await folio(['import', 'strapi', GZ, '--dir', dir]);
    assert.is(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /^Imported strapi-export\.tar\.gz \(Strapi 5\.54\.0\) into /);
    assert.match(imported.stdout, /content types: 2 \(article, category\)/);
    assert.match(imported.stdout, /components: 2 \(shared\.quote, shared\.section\)/);
    assert.match(imported.stdout, /locales: en, fr \(default en\)/);
    assert.match(imported.stdout, /article \[en\]: 3 document\(s\), 5 version\(s\)/);
    assert.match(imported.stdout, /article \[fr\]: 1 document\(s\), 2 version\(s\)/);
    assert.match(imported.stdout, /category: 2 document\(s\), 2 version\(s\)/);
    assert.match(imported.stdout, /users: 3, roles: 3, permissions: \d+/);
    assert.match(imported.stdout, /files: 1/);
    assert.match(imported.stdout, /admin users and API tokens: not in a Strapi export/);
    assert.match(imported.stdout, /sign-in providers \(plugin_users-permissions_grant\): their secrets belong in \.env/, 'what was left out is said');
    assert.is(imported.stderr, '', 'no progress bar without a terminal');

    const yaml = await readFile(join(dir, 'content-types/article.yaml'), 'utf8');
    assert.match(yaml, /^  blocks: \{ type: dynamiczone, components: \[ shared\.section, shared\.quote \]/m);
    assert.not.match(yaml, /createdBy|localizations/, 'the fields every document has are not attributes');
    assert.ok((await readdir(join(dir, 'public/uploads'))).includes('cover_f4f146dfc2.png'), 'the files of assets/ are uploads');
    await assertStrapiShapes(dir);

    const api = await serveProject(dir);
    try {
      await compareReads(api);
      assert.is((await fetch(`${api.url}/uploads/small_cover_f4f146dfc2.png`)).status, 200);
      for (const login of recorded.logins) {
        const answer = await api.post('/api/auth/local', { identifier: login.identifier, password: login.password });
        assert.is(answer.status, login.status, login.identifier);
        if (login.status === 200) {
          assert.type(answer.body.jwt, 'string');
          assert.equal(answer.body.user, login.body.user, login.identifier);
          // The token works, with the role's permissions: Authenticated may read itself, Editor may create articles only.
          const me = await api.get('/api/users/me', { authorization: `Bearer ${answer.body.jwt}` });
          assert.is(me.status, login.identifier === 'ada' ? 200 : 403, login.identifier);
        } else {
          assert.equal(answer.body, login.body, login.identifier);
        }
      }
    } finally {
      await api.close();
    }
    const users = (await storedTable(dir, 'users')).rows;
    const hashOf = (name: string) => String(users.find((user) => user.username === name)!.password);
    assert.match(hashOf('ada'), /^\$scrypt\$/, "ada's bcrypt hash became scrypt at her first sign-in");
    assert.match(hashOf('mallory'), /^\$2a\$/, "a blocked user's hash is left as it came");
    assert.is(users.find((user) => user.username === 'grace')!.role, 3, 'grace keeps the Editor role');
  } finally {
    await tmp.cleanup();
  }
});

test('an uncompressed archive into a project made by folio init should answer the same (on the project store)', async () => {
  const project = await initTarget();
  try {
    const imported = await folio(['import', 'strapi', TAR, '--dir', project.dir]);
    assert.is(imported.code, 0, imported.stderr);
    // `folio init` wrote config/api.yaml with the defaults: the import changes the two switches in it.
    await assertStrapiShapes(project.dir);
    const api = await serveProject(project.dir);
    try {
      await compareReads(api);
      const grace = await api.post('/api/auth/local', { identifier: 'grace@example.com', password: 'grace-password-1' });
      assert.is(grace.status, 200);
    } finally {
      await api.close();
    }
  } finally {
    await project.cleanup();
  }
});

test('--dry-run should print the summary and write nothing', async () => {
  const tmp = await tempDir();
  const project = await initTarget();
  try {
    const empty = join(tmp.path, 'empty');
    await mkdir(empty);
    const dry = await folio(['import', 'strapi', GZ, '--dry-run', '--dir', empty]);
    assert.is(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /^Dry run: nothing was written\. The import would bring strapi-export\.tar\.gz/);
    assert.match(dry.stdout, /article \[en\]: 3 document\(s\), 5 version\(s\)/);
    assert.equal(await readdir(empty), [], 'the empty folder stays empty');

    const before = await snapshot(project.dir);
    const dryInit = await folio(['import', 'strapi', TAR, '--dry-run', '--json', '--dir', project.dir]);
    assert.is(dryInit.code, 0, dryInit.stderr);
    const report = JSON.parse(dryInit.stdout) as { dryRun: boolean; users: number; files: number; contentTypes: string[] };
    assert.equal([report.dryRun, report.users, report.files, report.contentTypes], [true, 3, 1, ['article', 'category']]);
    assert.equal(await snapshot(project.dir), before, 'the project is byte for byte as it was');
  } finally {
    await tmp.cleanup();
    await project.cleanup();
  }
});

test("a project with an extension is told that its document middlewares do not run for an import", async () => {
  const project = await initTarget();
  try {
    await mkdir(join(project.dir, 'extensions'), { recursive: true });
    await writeFile(join(project.dir, 'extensions', 'index.ts'), 'export default { register(folio) { folio.documents.use((context, next) => next()); } };\n');
    const dry = await folio(['import', 'strapi', GZ, '--dry-run', '--dir', project.dir]);
    assert.is(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /document middlewares \(extensions\/index\.ts\): not run: the archive's documents are written as Strapi exported them/);
  } finally {
    await project.cleanup();
  }
});

test('a project with content should be refused unless --force, which replaces its content, users and files', async () => {
  const project = await initTarget();
  try {
    const dir = project.dir;
    assert.is((await folio(['import', 'strapi', GZ, '--dir', dir])).code, 0);
    assert.is((await folio(['user', 'create', '--username', 'zed', '--email', 'zed@example.com', '--password', 'zed-password-1', '--dir', dir])).code, 0);
    const before = await snapshot(dir);
    const refused = await folio(['import', 'strapi', GZ, '--dir', dir]);
    assert.is(refused.code, 1);
    assert.match(refused.stderr, /already holds content \(2 content type\(s\), 9 document version\(s\), 4 user\(s\), 1 file\(s\)\): import into a new project, or pass --force to replace it\n$/);
    assert.is(refused.stderr.trim().split('\n').length, 1, 'one line');
    assert.equal(await snapshot(dir), before, 'nothing written');

    const forced = await folio(['import', 'strapi', GZ, '--force', '--dir', dir]);
    assert.is(forced.code, 0, forced.stderr);
    const usernames = (await storedTable(dir, 'users')).rows.map((user) => user.username).sort();
    assert.equal(usernames, ['ada', 'grace', 'mallory'], 'the users are the archive\'s');
    const api = await serveProject(dir);
    try {
      await compareReads(api);
    } finally {
      await api.close();
    }
  } finally {
    await project.cleanup();
  }
});

test('bad archives should be refused in one line naming the problem, with nothing written', async () => {
  const tmp = await tempDir();
  const project = await initTarget();
  try {
    const before = await snapshot(project.dir);
    const refuse = async (archive: string, message: RegExp) => {
      const result = await folio(['import', 'strapi', archive, '--dir', project.dir]);
      assert.is(result.code, 1, `${archive}: ${result.stdout}`);
      assert.match(result.stderr, message);
      assert.is(result.stderr.trim().split('\n').length, 1, `one line: ${result.stderr}`);
      assert.not.ok(result.stderr.includes(tmp.path) || result.stderr.includes(project.dir), `no path of the machine: ${result.stderr}`);
      assert.equal(await snapshot(project.dir), before, `nothing written for ${archive}`);
    };

    const encrypted = join(tmp.path, 'export.tar.gz.enc');
    await copyFile(GZ, encrypted);
    await refuse(encrypted, /export\.tar\.gz\.enc is encrypted: export again with `strapi export --no-encrypt`/);

    const notArchive = join(tmp.path, 'notes.tar.gz');
    await writeFile(notArchive, 'these are not the bytes of an archive');
    await refuse(notArchive, /notes\.tar\.gz is not a \.tar or \.tar\.gz archive/);

    for (const [source, name] of [[GZ, 'cut.tar.gz'], [TAR, 'cut.tar']] as const) {
      const cut = join(tmp.path, name);
      await copyFile(source, cut);
      const { size } = await stat(cut);
      await truncate(cut, Math.floor(size * 0.6));
      await refuse(cut, new RegExp(`${name.replace('.', '\\.')} is truncated or corrupt .*: nothing was imported`));
    }

    const escaping = join(tmp.path, 'escape.tar');
    await writeFile(escaping, tarWithEntry('../outside.txt', 'out'));
    await refuse(escaping, /escape\.tar: entry "\.\.\/outside\.txt" has a path outside the archive's folder/);

    const customField = await editedArchive(join(tmp.path, 'custom'), async (root) => {
      const file = join(root, 'schemas/schemas_00001.jsonl');
      const lines = (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
      lines[0].attributes.color = { type: 'customField', customField: 'plugin::color-picker.color' };
      await writeFile(file, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
    });
    await refuse(customField, /edited\.tar\.gz: schemas\/schemas_00001\.jsonl line 1 \(api::article\.article\): .*attributes\.color.*; foliocms cannot serve this schema, nothing was imported/);

    const badValue = await editedArchive(join(tmp.path, 'badvalue'), async (root) => {
      const file = join(root, 'entities/entities_00001.jsonl');
      const lines = (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
      const guide = lines.findIndex((line) => line.type === 'api::article.article' && line.data.slug === 'a-guide');
      lines[guide].data.views = 'many';
      await writeFile(file, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
    });
    await refuse(badValue, /edited\.tar\.gz: entities\/entities_00001\.jsonl line \d+ \(api::article\.article 6\) would not load: views must be a `number` type.*; nothing was imported/);

    const badLine = await editedArchive(join(tmp.path, 'badline'), async (root) => {
      const file = join(root, 'entities/entities_00001.jsonl');
      await writeFile(file, `${await readFile(file, 'utf8')}{"type": "api::article.article", "id": 99, "data": {"title": "cut`);
    });
    await refuse(badLine, /entities\/entities_00001\.jsonl line 37 is not JSON/);

    // A file row whose stored name would not be one plain name (the media library serves and removes files by it).
    const fileLine = (lines: any[]) => lines.find((line) => line.type === 'plugin::upload.file');
    const badHash = await editedArchive(join(tmp.path, 'badhash'), editLines('entities/entities_00001.jsonl', (lines) => void (fileLine(lines).data.hash = '../../.env')));
    await refuse(badHash, /^folio: edited\.tar\.gz: entities\/entities_00001\.jsonl line 10 \(plugin::upload\.file 1\): stored file name "\.\.\/\.\.\/\.env\.png" cannot name a file: .*; nothing was imported\n$/);
    const badFormat = await editedArchive(join(tmp.path, 'badformat'), editLines('entities/entities_00001.jsonl', (lines) => void (fileLine(lines).data.formats.small.ext = '/../x')));
    await refuse(badFormat, /^folio: edited\.tar\.gz: entities\/entities_00001\.jsonl line 10 \(plugin::upload\.file 1\): stored file name of format small "small_cover_f4f146dfc2\/\.\.\/x" cannot name a file: .*; nothing was imported\n$/);

    // An asset that is not one plain name, such as a web server's .htaccess, is never copied.
    const htaccess = await editedArchive(join(tmp.path, 'htaccess'), async (root) => writeFile(join(root, 'assets/uploads/.htaccess'), 'SetHandler application/x-httpd-php\n'));
    await refuse(htaccess, /^folio: edited\.tar\.gz: entry "assets\/uploads\/\.htaccess": asset name "\.htaccess" cannot name a file: .*; nothing was imported\n$/);

    // One line longer than the limit is refused as it is read, not held whole (gzip makes it small on disk).
    const longLine = await editedArchive(join(tmp.path, 'longline'), async (root) => {
      const file = join(root, 'entities/entities_00001.jsonl');
      await writeFile(file, `${await readFile(file, 'utf8')}\n{"type":"api::article.article","id":99,"data":{"title":"${'a'.repeat(MAX_LINE_BYTES)}"}}\n`);
    });
    assert.ok((await stat(longLine)).size < 1024 * 1024, 'small on disk');
    await refuse(longLine, /^folio: entities\/entities_00001\.jsonl line 38 is longer than 32 MiB, the most one line of an export may hold; nothing was imported\n$/);
    const longMetadata = await editedArchive(join(tmp.path, 'longmetadata'), async (root) => {
      await writeFile(join(root, 'metadata.json'), `{"strapi":{"version":"5.54.0"},"padding":"${'a'.repeat(MAX_LINE_BYTES)}"}`);
    });
    await refuse(longMetadata, /^folio: metadata\.json is longer than 32 MiB, the most one line of an export may hold; nothing was imported\n$/);
  } finally {
    await tmp.cleanup();
    await project.cleanup();
  }
});

test('a schema whose name would make a file outside its folder should be refused before anything is written, --dry-run too', async () => {
  const tmp = await tempDir();
  try {
    // Every escape below aims at place/escaped.yaml: from the staging folder inside the project
    // (place/site), and from a dry run's staging folder in the temp folder (TMPDIR=place/tmp).
    const place = join(tmp.path, 'place');
    const site = join(place, 'site');
    await mkdir(site, { recursive: true });
    await mkdir(join(place, 'tmp'));
    const env = { TMPDIR: join(place, 'tmp') };
    const tree = async () => (await entriesUnder(place)).map((entry) => entry.name).sort();
    const before = await tree();
    const refuse = async (archive: string, args: string[], message: RegExp) => {
      const result = await folio(['import', 'strapi', archive, ...args, '--dir', site], { env });
      assert.is(result.code, 1, `${args.join(' ')}: ${result.stdout}`);
      assert.match(result.stderr, message);
      assert.is(result.stderr.trim().split('\n').length, 1, `one line: ${result.stderr}`);
      assert.not.ok(result.stderr.includes(tmp.path), `no path of the machine: ${result.stderr}`);
      assert.equal(await tree(), before, `nothing written (${args.join(' ')})`);
    };

    const singular = await editedArchive(join(tmp.path, 'singular'), editLines('schemas/schemas_00001.jsonl', (lines) => void (lines[0].info.singularName = '../../../escaped')));
    const singularMessage = /^folio: edited\.tar\.gz: schemas\/schemas_00001\.jsonl line 1 \(api::article\.article\): info\.singularName "\.\.\/\.\.\/\.\.\/escaped" must be kebab-case.*; nothing was imported\n$/;
    await refuse(singular, [], singularMessage);
    await refuse(singular, ['--dry-run'], singularMessage);

    const component = await editedArchive(
      join(tmp.path, 'component'),
      editLines('schemas/schemas_00001.jsonl', (lines) => [...lines, { uid: 'escaped/../x.quote', modelType: 'component', info: { displayName: 'Quote' }, attributes: { text: { type: 'text' } } }]),
    );
    await refuse(component, ['--dry-run'], /^folio: edited\.tar\.gz: schemas\/schemas_00001\.jsonl line 23 \(escaped\/\.\.\/x\.quote\): a component uid is <category>\.<name>.*; nothing was imported\n$/);
    const category = await editedArchive(
      join(tmp.path, 'category'),
      editLines('schemas/schemas_00001.jsonl', (lines) => [...lines, { uid: 'Shared/Evil.quote', modelType: 'component', info: { displayName: 'Quote' }, attributes: { text: { type: 'text' } } }]),
    );
    await refuse(category, [], /^folio: edited\.tar\.gz: schemas\/schemas_00001\.jsonl line 23 \(Shared\/Evil\.quote\): the category of the component uid "Shared\/Evil" must be kebab-case.*; nothing was imported\n$/);
    // Two schemas naming one file: the second would silently replace the first.
    const twice = await editedArchive(
      join(tmp.path, 'twice'),
      editLines('schemas/schemas_00001.jsonl', (lines) => [...lines, { ...lines[1], uid: 'api::topic.topic', info: { ...lines[1].info, singularName: 'article', pluralName: 'topics' } }]),
    );
    await refuse(twice, ['--dry-run'], /^folio: edited\.tar\.gz: schemas\/schemas_00001\.jsonl line 23 \(api::topic\.topic\): its file content-types\/article\.yaml would be the file of api::article\.article too; nothing was imported\n$/);
  } finally {
    await tmp.cleanup();
  }
});

test('only the files of the media library should be copied from assets/: any other is skipped and counted', async () => {
  const tmp = await tempDir();
  try {
    const archive = await editedArchive(join(tmp.path, 'stray'), async (root) => writeFile(join(root, 'assets/uploads/stray.php'), '<?php system($_GET["c"]);\n'));
    const dir = join(tmp.path, 'site');
    const imported = await folio(['import', 'strapi', archive, '--dir', dir]);
    assert.is(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /files in assets\/uploads\/ that no file record names \(1\): not copied/);
    assert.equal((await readdir(join(dir, 'public/uploads'))).sort(), ['cover_f4f146dfc2.png', 'small_cover_f4f146dfc2.png', 'thumbnail_cover_f4f146dfc2.png']);
  } finally {
    await tmp.cleanup();
  }
});

test('an export without documents should import: its content types, locales, users, roles and files', async () => {
  const tmp = await tempDir();
  const project = await initTarget();
  try {
    const archive = await editedArchive(join(tmp.path, 'nodocs'), editLines('entities/entities_00001.jsonl', (lines) => lines.filter((line) => !line.type.startsWith('api::'))));
    for (const dir of [join(tmp.path, 'site'), project.dir]) {
      const imported = await folio(['import', 'strapi', archive, '--dir', dir]);
      assert.is(imported.code, 0, imported.stderr);
      assert.match(imported.stdout, /content types: 2 \(article, category\)/);
      assert.match(imported.stdout, /documents:\n {4}none\n/);
      assert.match(imported.stdout, /users: 3, roles: 3, permissions: \d+/);
      assert.match(imported.stdout, /files: 1/);
      assert.is(imported.stderr, '');
      const api = await serveProject(dir);
      try {
        const articles = await api.get('/api/articles');
        assert.is(articles.status, 200);
        assert.equal(articles.body.data, []);
        const ada = await api.post('/api/auth/local', { identifier: 'ada', password: 'ada-password-1' });
        assert.is(ada.status, 200);
        assert.is((await fetch(`${api.url}/uploads/cover_f4f146dfc2.png`)).status, 200);
      } finally {
        await api.close();
      }
    }
  } finally {
    await tmp.cleanup();
    await project.cleanup();
  }
});

test('on a terminal each stage should show its progress with counts, then the summary', async () => {
  const tmp = await tempDir();
  try {
    let err = '';
    let out = '';
    const io: CliIo = { out: (text) => void (out += text), err: (text) => void (err += text), isTTY: true, env: {} };
    await createProgram(io).exitOverride().parseAsync(['import', 'strapi', GZ, '--dir', join(tmp.path, 'site')], { from: 'user' });
    const stages = err.split('\n').map((line) => line.split('\r').pop()!.trim()).filter(Boolean);
    assert.match(stages[0]!, /^Reading the archive +\[#{24}\] 0\.0 \/ 0\.0 MB$/);
    assert.match(stages[1]!, /^Writing documents +\[#{24}\] 9 \/ 9$/);
    assert.match(stages[2]!, /^Copying files +\[#{24}\] 3 \/ 3$/);
    assert.equal(stages.slice(3), ['Checking the project…', 'Saving…']);
    assert.match(out, /^Imported strapi-export\.tar\.gz/);
  } finally {
    await tmp.cleanup();
  }
});

test.run();
