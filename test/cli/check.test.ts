/** `folio check` through the real binary (run `npm run build` first): a content repository's CI job. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { handWrittenId } from '../../src/content/index.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';
import { openProject } from '../../src/project/index.js';
import { copySampleProject, folio, initProject, tempDir, type FolioResult } from '../_helpers/index.js';

/** The sample project with documents written by the service; each test checks a copy of it. */
let good: string;
let goodCleanup: () => Promise<void>;
let ids: { article: string; draftArticle: string; category: string; otherCategory: string; homepage: string };

/** A copy of the good project, for one test to break. */
let dir: string;
let scratch: { path: string; cleanup: () => Promise<void> };

const articleFile = (name: string, documentId = ids.article) => `data/content/article/${documentId}/${name}`;
const categoryFile = (documentId = ids.category) => `data/content/category/${documentId}/published.default.json`;

async function readJson(file: string): Promise<Record<string, any>> {
  return JSON.parse(await readFile(join(dir, file), 'utf8'));
}

/** Writes a document file as a person would (pretty-printed, keys in the order given). */
async function writeText(file: string, text: string): Promise<void> {
  await mkdir(join(dir, file, '..'), { recursive: true });
  await writeFile(join(dir, file), text);
}

async function edit(file: string, change: (row: Record<string, any>) => void): Promise<string> {
  const row = await readJson(file);
  change(row);
  const text = `${JSON.stringify(row, null, 2)}\n`;
  await writeText(file, text);
  return text;
}

/** The 1-based line of the first line of `text` that contains `needle`. */
function lineOf(text: string, needle: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(needle));
  assert.ok(index >= 0, `${needle} is in the file`);
  return index + 1;
}

async function lineIn(file: string, needle: string): Promise<number> {
  return lineOf(await readFile(join(dir, file), 'utf8'), needle);
}

const check = (...args: string[]) => folio(['check', '--dir', dir, ...args]);

/** `path:line: message` lines in the order the check prints them: by file, then line. */
function inOrder(lines: string[]): string[] {
  const key = (line: string) => {
    const [path, number] = line.split(':');
    return { path: path!, line: Number(number) };
  };
  return [...lines].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x.path < y.path ? -1 : x.path > y.path ? 1 : x.line - y.line;
  });
}

function assertProblems(result: FolioResult, lines: string[]): void {
  assert.is(result.stdout, inOrder(lines).map((line) => `${line}\n`).join(''), result.stderr);
  assert.is(result.code, 1);
  const files = new Set(lines.map((line) => line.slice(0, line.indexOf(':')))).size;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  assert.is(result.stderr, `folio: check found ${plural(lines.length, 'problem')} in ${plural(files, 'file')}\n`);
}

/** Every file and folder under `root` with its bytes and mode: a project must be the same after a check. */
async function snapshot(root: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  const walk = async (folder: string, prefix: string) => {
    for (const entry of (await readdir(folder, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, entry.name);
      const { mode, mtimeMs } = await stat(path);
      if (entry.isDirectory()) {
        found[`${prefix}${entry.name}/`] = `${mode}`;
        await walk(path, `${prefix}${entry.name}/`);
      } else {
        found[`${prefix}${entry.name}`] = `${mode} ${mtimeMs} ${(await readFile(path)).toString('base64')}`;
      }
    }
  };
  await walk(root, '');
  return found;
}

const checks = suite('folio check');

checks.before(async () => {
  const sample = await copySampleProject();
  good = sample.dir;
  goodCleanup = sample.cleanup;
  const project = await openProject(good, { env: {}, logLines: () => undefined });
  const type = (name: string) => project.schemas.bySingular(name)!;
  const write = (status: 'draft' | 'published' = 'published', locale?: string) => ({ status, locale, actor: SYSTEM_ACTOR });
  const news = await project.content.create(type('category'), { name: 'News' }, write());
  const sport = await project.content.create(type('category'), { name: 'Sport' }, write());
  const hello = await project.content.create(
    type('article'),
    { title: 'Hello', slug: 'hello', views: 3, sections: [{ heading: 'A', body: 'x' }, { heading: 'B' }], category: news.data.documentId, body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi' }] }] },
    write(),
  );
  await project.content.update(type('article'), hello.data.documentId as string, { title: 'Bonjour', slug: 'bonjour', sections: [{ heading: 'C' }] }, write('published', 'fr'));
  const draft = await project.content.create(type('article'), { title: 'Draft only' }, write('draft'));
  const home = await project.content.updateSingle(type('homepage'), { title: 'Home', blocks: [{ __component: 'shared.quote', text: 'Q', author: 'me' }, { __component: 'shared.section', heading: 'S' }] }, write());
  await project.flush();
  ids = {
    article: hello.data.documentId as string,
    draftArticle: draft.data.documentId as string,
    category: news.data.documentId as string,
    otherCategory: sport.data.documentId as string,
    homepage: home.data.documentId as string,
  };
});
checks.after(() => goodCleanup());

checks.before.each(async () => {
  scratch = await tempDir();
  dir = join(scratch.path, 'site');
  await cp(good, dir, { recursive: true });
});
checks.after.each(() => scratch.cleanup());

checks('a good project passes: exit 0 and one ok line, and nothing in it changes', async () => {
  const before = await snapshot(dir);
  const result = await check();
  assert.is(result.stderr, '');
  assert.is(result.stdout, 'ok: 3 content types, 2 components, 5 documents\n');
  assert.is(result.code, 0);
  assert.equal(await snapshot(dir), before);
});

checks('a project without data/ passes and gets no data/ folder; a new project passes too', async () => {
  const sample = await copySampleProject();
  try {
    const result = await folio(['check', '--dir', sample.dir]);
    assert.is(result.stdout, 'ok: 3 content types, 2 components, 0 documents\n', result.stderr);
    assert.is(result.code, 0);
    assert.equal((await readdir(sample.dir)).sort(), ['config', 'content-types']);
  } finally {
    await sample.cleanup();
  }
  const fresh = await initProject();
  try {
    const before = await snapshot(fresh.dir);
    const result = await folio(['--dir', fresh.dir, 'check']);
    assert.is(result.stdout, 'ok: 0 content types, 0 components, 0 documents\n', result.stderr);
    assert.equal(await snapshot(fresh.dir), before);
  } finally {
    await fresh.cleanup();
  }
});

checks('a git merge conflict marker is reported at its line', async () => {
  const file = articleFile('published.en.json');
  const text = await readFile(join(dir, file), 'utf8');
  await writeText(file, text.replace(/^  "title": "Hello",$/m, '<<<<<<< HEAD\n  "title": "Hello",\n=======\n  "title": "Hello there",\n>>>>>>> theirs'));
  const before = await snapshot(dir);
  assertProblems(await check(), [
    `${file}:${await lineIn(file, '<<<<<<<')}: git merge conflict marker <<<<<<<: the file holds both sides of a conflict; keep the right content and remove the markers`,
  ]);
  assert.equal(await snapshot(dir), before, 'a check changes nothing, also when it fails');
});

checks('invalid JSON is reported with its line', async () => {
  const file = categoryFile();
  await writeText(file, (await readFile(join(dir, file), 'utf8')).replace('"name": "News",', '"name": "News"'));
  assertProblems(await check(), [`${file}:${(await lineIn(file, '"name"')) + 1}: not valid JSON: expected "," or "}" after a property value, found "\\""`]);
});

checks('a value of the wrong type is reported as the API would refuse it', async () => {
  const file = articleFile('published.en.json');
  const text = await edit(file, (row) => (row.views = 'ten'));
  assertProblems(await check(), [`${file}:${lineOf(text, '"views"')}: views must be a \`number\` type, but the final value was: \`NaN\` (cast from the value \`"ten"\`).`]);
});

checks('a required attribute missing on a published version is reported; on a draft it is not', async () => {
  const file = articleFile('published.fr.json');
  await edit(file, (row) => delete row.title);
  await edit(articleFile('draft.en.json', ids.draftArticle), (row) => delete row.title);
  assertProblems(await check(), [`${file}:1: title must be defined.`]);
});

checks('an unknown attribute is reported, with the attribute it may have meant', async () => {
  const file = articleFile('draft.en.json');
  const text = await edit(file, (row) => (row.titel = 'Typo'));
  assertProblems(await check(), [`${file}:${lineOf(text, '"titel"')}: titel is not an attribute of article; did you mean "title"?`]);
});

checks('a relation to a document that does not exist is reported', async () => {
  const file = articleFile('published.en.json');
  const text = await edit(file, (row) => (row.category = 'gone1234'));
  assertProblems(await check(), [`${file}:${lineOf(text, '"category"')}: category: no related entry with documentId "gone1234"`]);
});

checks('a unique value found in two documents is reported on both', async () => {
  const other = categoryFile(ids.otherCategory);
  await edit(other, (row) => (row.name = 'News'));
  const first = categoryFile();
  const lines = [
    `${first}:${await lineIn(first, '"name"')}: name must be unique: "News" is also the name of ${other}`,
    `${other}:${await lineIn(other, '"name"')}: name must be unique: "News" is also the name of ${first}`,
  ];
  assertProblems(await check(), lines);
});

checks('two documents sharing an id are reported, also a hand-added document', async () => {
  const { id } = await readJson(categoryFile());
  const added = 'data/content/category/handmade1/published.default.json';
  const stamp = '2024-01-31T09:30:00.000Z';
  await writeText(added, `${JSON.stringify({ id, documentId: 'handmade1', name: 'Culture', createdAt: stamp, updatedAt: stamp, publishedAt: stamp }, null, 2)}\n`);
  const first = categoryFile();
  const message = (other: string) => `id ${id} is also the id of ${other}; every stored version of category needs its own id`;
  assertProblems(await check(), [`${first}:${await lineIn(first, '"id"')}: ${message(added)}`, `${added}:2: ${message(first)}`]);
});

checks('files written by hand without id or timestamps pass, as the server serves them; a wrong id is still reported', async () => {
  await writeText('data/content/category/handmade2/published.default.json', '{\n  "name": "Culture"\n}\n');
  await writeText('data/content/article/handmade3/draft.en.json', '{\n  "title": "Draft by hand",\n  "sections": [{ "heading": "One" }]\n}\n');
  await writeText('data/content/article/handmade3/published.fr.json', '{\n  "title": "Publié à la main",\n  "category": "handmade2"\n}\n');
  const before = await snapshot(dir);
  const result = await check();
  assert.is(result.stderr, '');
  assert.is(result.stdout, 'ok: 3 content types, 2 components, 7 documents\n');
  assert.is(result.code, 0);
  assert.equal(await snapshot(dir), before, 'nothing is written into them');

  const wrong = 'data/content/category/handmade4/published.default.json';
  await writeText(wrong, '{\n  "id": "seven",\n  "name": "Wrong id"\n}\n');
  assertProblems(await check(), [`${wrong}:2: id must be a \`number\` type, but the final value was: \`NaN\` (cast from the value \`"seven"\`).`]);
});

checks('a file holding the id a hand-written file without one is given is reported with it', async () => {
  const byHand = 'data/content/category/handmade5/published.default.json';
  await writeText(byHand, '{\n  "name": "Culture"\n}\n');
  const id = handWrittenId('category', 'handmade5', 'published', 'default');
  const other = categoryFile(ids.otherCategory);
  await edit(other, (row) => (row.id = id));
  const tail = 'every stored version of category needs its own id';
  assertProblems(await check(), [
    `${byHand}:1: the id this file is given, having none, ${id}, is also the id of ${other}; ${tail}`,
    `${other}:${await lineIn(other, '"id"')}: id ${id} is also the id of ${byHand}; ${tail}`,
  ]);
});

checks('relations to roles and users are numeric ids of data/roles.json and data/users.json, checked when the file is there', async () => {
  await writeFile(
    join(dir, 'content-types/member.yaml'),
    [
      'kind: collectionType',
      'info: { singularName: member, pluralName: members }',
      'attributes:',
      '  name:  { type: string }',
      '  role:  { type: relation, relation: manyToOne, target: plugin::users-permissions.role }',
      '  owner: { type: relation, relation: manyToOne, target: plugin::users-permissions.user }',
      '',
    ].join('\n'),
  );
  const roles = (await readJson('data/roles.json')).rows.map((row: { id: number }) => row.id);
  const stamp = '2024-01-31T09:30:00.000Z';
  const member = (id: number, role: unknown) => `${JSON.stringify({ createdAt: stamp, id, locale: null, name: 'M', owner: 5, publishedAt: stamp, role, updatedAt: stamp }, null, 2)}\n`;
  await writeText('data/content/member/m1/published.default.json', member(1, roles[0]));
  await writeText('data/content/member/m2/published.default.json', member(2, 99));
  await writeText('data/content/member/m3/published.default.json', member(3, 'authenticated'));
  const line = lineOf(member(2, 99), '"role"');
  assertProblems(await check(), [
    'data/content/member/m2/published.default.json:' + line + ': role: no related entry with id 99',
    'data/content/member/m3/published.default.json:' + line + ': role must hold numeric ids of roles (one, or null), got "authenticated"',
  ]);
  // Users are not versioned (.gitignore): without data/users.json, `owner: 5` is not checked; with it, it is.
  await writeText('data/users.json', `${JSON.stringify({ nextId: 2, rows: [{ id: 1, documentId: 'u1', username: 'ada' }] })}\n`);
  const result = await check();
  assert.ok(result.stdout.includes(`data/content/member/m1/published.default.json:${lineOf(member(1, 1), '"owner"')}: owner: no related entry with id 5\n`), result.stdout);
});

checks('a locale that is not in config/i18n.yaml is reported', async () => {
  const file = articleFile('draft.de.json', ids.draftArticle);
  await writeText(file, `${JSON.stringify({ ...(await readJson(articleFile('draft.en.json', ids.draftArticle))), id: 999, locale: 'de' }, null, 2)}\n`);
  assertProblems(await check(), [`${file}:1: locale "de" is not a locale of the project (config/i18n.yaml: en, fr); add it with \`folio locale add de\` or rename the file`]);
});

checks('a file name that is not <status>.<locale>.json is reported', async () => {
  const file = articleFile('published-en.json');
  await writeText(file, await readFile(join(dir, articleFile('published.en.json')), 'utf8'));
  await rm(join(dir, articleFile('published.en.json')));
  assertProblems(await check(), [`${file}:1: is not a document file: name it <status>.<locale>.json, with status draft or published (a locale of the project)`]);
});

checks('a broken content-type file is reported at its line, and its documents as not checked, once', async () => {
  const yaml = (await readFile(join(dir, 'content-types/category.yaml'), 'utf8')).replace('type: string', 'type: strin');
  await writeFile(join(dir, 'content-types/category.yaml'), yaml);
  assertProblems(await check(), [
    // article has the owning side of category's relation: it cannot load without category.
    `content-types/article.yaml:${lineOf(await readFile(join(dir, 'content-types/article.yaml'), 'utf8'), 'category:')}: attributes.category uses api::category.category, whose file content-types/category.yaml has errors; this file is checked once that one loads`,
    `content-types/category.yaml:${lineOf(yaml, 'name:')}: attributes.name.type "strin" is not a known type; did you mean "string"?`,
    'data/content/article:1: 2 documents not checked: content-types/article.yaml has errors',
    'data/content/category:1: 2 documents not checked: content-types/category.yaml has errors',
  ]);
});

checks('several problems at once are all listed, in file and line order', async () => {
  const en = articleFile('published.en.json');
  const enText = await edit(en, (row) => {
    row.views = 'ten';
    row.bogus = true;
    row.sections[1].id = row.sections[0].id;
  });
  const category = categoryFile();
  await writeText(category, '{\n  "id": 1\n  "name": "News"\n}\n');
  const homepage = `data/content/homepage/${ids.homepage}/published.en.json`;
  const homeText = await edit(homepage, (row) => delete row.blocks[0].text);
  const lines = enText.split('\n');
  const secondEntryId = lines.findIndex((line, index) => index >= lineOf(enText, '"heading": "B"') && line.includes('"id"')) + 1;
  assertProblems(await check(), [
    `${en}:${lineOf(enText, '"bogus"')}: bogus is not an attribute of article`,
    `${en}:${secondEntryId}: sections[1].id ${(await readJson(en)).sections[0].id} is already the id of sections[0]; component ids are unique within a version`,
    `${en}:${lineOf(enText, '"views"')}: views must be a \`number\` type, but the final value was: \`NaN\` (cast from the value \`"ten"\`).`,
    `${category}:3: not valid JSON: expected "," or "}" after a property value, found "\\""`,
    // A missing key is reported at the line of its object.
    `${homepage}:${lineOf(homeText, '"__component": "shared.quote"') - 1}: blocks[0].text must be defined.`,
  ]);
});

checks('a media file row whose stored names would leave the uploads folder is reported on its line, its formats too', async () => {
  const stamp = '2026-01-01T00:00:00.000Z';
  const row = (id: number, hash: string, ext: string, formats: unknown = null) => ({
    id, documentId: `file${id}`, name: 'cover.jpg', alternativeText: null, caption: null, width: null, height: null, formats, hash, ext,
    mime: 'image/jpeg', size: 1, url: `/uploads/${hash}${ext}`, previewUrl: null, provider: 'local', provider_metadata: null, createdAt: stamp, updatedAt: stamp, publishedAt: stamp,
  });
  const text = `${JSON.stringify({
    nextId: 4,
    rows: [
      row(1, 'cover_3f2a9c1b7d', '.jpg', { thumbnail: { hash: 'thumbnail_cover_3f2a9c1b7d', ext: '.jpg' } }),
      row(2, '../..', '/.env'),
      row(3, 'plain_0123456789', '.jpg', { small: { hash: '../../data/users', ext: '.json' } }),
    ],
  }, null, 2)}\n`;
  await writeText('data/files.json', text);
  const rule = 'a name made from content holds only letters, digits, ".", "_" and "-", starts with a letter or a digit, and never holds ".."';
  assertProblems(await check(), [
    `data/files.json:${lineOf(text, '"hash": "../.."')}: file 2: its stored name "../../.env" would leave the uploads folder: ${rule}`,
    `data/files.json:${lineOf(text, '"hash": "../../data/users"')}: file 3 (formats.small): its stored name "../../data/users.json" would leave the uploads folder: ${rule}`,
  ]);
});

checks('--json prints { ok, problems, counts } on stdout', async () => {
  const ok = await check('--json');
  assert.is(ok.code, 0, ok.stderr);
  assert.equal(JSON.parse(ok.stdout), { ok: true, problems: [], counts: { contentTypes: 3, components: 2, documents: 5, versions: 9 } });

  const file = articleFile('published.en.json');
  const text = await edit(file, (row) => (row.views = 'ten'));
  const broken = await check('--json');
  assert.is(broken.code, 1);
  assert.is(broken.stderr, 'folio: check found 1 problem in 1 file\n');
  assert.equal(JSON.parse(broken.stdout), {
    ok: false,
    problems: [{ path: file, line: lineOf(text, '"views"'), message: 'views must be a `number` type, but the final value was: `NaN` (cast from the value `"ten"`).' }],
    counts: { contentTypes: 3, components: 2, documents: 5, versions: 9 },
  });
});

checks('a folder that is no project is a one-line error', async () => {
  const result = await folio(['check', '--dir', join(dir, 'nope')]);
  assert.is(result.code, 1);
  assert.is(result.stdout, '');
  assert.match(result.stderr, /^folio: .*nope does not exist; create a project with `folio init .*`\n$/);
});

checks.run();
