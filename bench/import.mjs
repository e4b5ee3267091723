// `npm run bench -- --import 100000`: `folio import strapi` on a generated Strapi 5 archive of that
// many documents (each with a draft and a published version in `en`, a blocks body, two
// components and a category), timed from spawn to exit, with the import's peak memory.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import { root } from './project.mjs';

const FIXTURE = join(root, 'test/fixtures/strapi');
/** Strapi splits its JSON-lines files; the bench does too, at this many lines. */
const LINES_PER_FILE = 50_000;
const CATEGORIES = 100;

const id24 = (n) => `doc${n.toString(36).padStart(21, '0')}`;

/** Writes lines into `<folder>/<folder>_00001.jsonl`, `_00002`, … */
function jsonlWriter(dir, folder) {
  let file = 0;
  let lines = 0;
  let out;
  const open = async () => {
    if (out) await new Promise((resolve) => out.end(resolve));
    file += 1;
    lines = 0;
    out = createWriteStream(join(dir, folder, `${folder}_${String(file).padStart(5, '0')}.jsonl`));
  };
  return {
    async write(value) {
      if (!out || lines >= LINES_PER_FILE) await open();
      lines += 1;
      if (!out.write(`${JSON.stringify(value)}\n`)) await new Promise((resolve) => out.once('drain', resolve));
    },
    end: () => new Promise((resolve) => (out ? out.end(resolve) : resolve())),
  };
}

/** A Strapi 5 export of `docs` articles, written as Strapi writes one; answers its path. */
export async function generateArchive(dir, docs) {
  const unpacked = join(dir, 'unpacked');
  await mkdir(unpacked, { recursive: true });
  await tar.x({ file: join(FIXTURE, 'strapi-export.tar'), cwd: unpacked, filter: (path) => !path.startsWith('entities') && !path.startsWith('links') });
  for (const folder of ['entities', 'links']) await mkdir(join(unpacked, folder), { recursive: true });
  const entities = jsonlWriter(unpacked, 'entities');
  const links = jsonlWriter(unpacked, 'links');
  const stamp = '2026-11-26T10:00:00.000Z';
  // The fixture's roles, users, permissions, locales and file, so that the archive is a whole project.
  const original = (await new Promise((resolve, reject) => {
    const chunks = [];
    tar.t({ file: join(FIXTURE, 'strapi-export.tar'), onReadEntry: (entry) => (entry.path.startsWith('entities') || entry.path.startsWith('links') ? entry.on('data', (chunk) => chunks.push([entry.path, chunk])) : entry.resume()) }).then(() => resolve(chunks), reject);
  }));
  const text = (prefix) => Buffer.concat(original.filter(([path]) => path.startsWith(prefix)).map(([, chunk]) => chunk)).toString('utf8').trim().split('\n').map((line) => JSON.parse(line));
  for (const row of text('entities')) if (!row.type.startsWith('api::')) await entities.write(row);
  for (const link of text('links')) if (!link.left.type.startsWith('api::') && link.right.type !== 'api::article.article') await links.write(link);

  for (let c = 1; c <= CATEGORIES; c++) {
    await entities.write({ type: 'api::category.category', id: c, data: { documentId: id24(1e9 + c), name: `Category ${c}`, createdAt: stamp, updatedAt: stamp, publishedAt: stamp, locale: null } });
  }
  let component = 0;
  for (let n = 1; n <= docs; n++) {
    const documentId = id24(n);
    for (const [offset, publishedAt] of [[0, null], [1, stamp]]) {
      const id = 2 * n - 1 + offset;
      const sections = [1, 2].map((k) => ({ id: ++component, heading: `Part ${k}`, body: `Section ${k} of article ${n}` }));
      const data = {
        documentId, title: `Article ${n}`, slug: `article-${n}`, views: n % 1000,
        body: [{ type: 'paragraph', children: [{ type: 'text', text: `The body of article ${n}, moved from Strapi.` }] }],
        createdAt: stamp, updatedAt: stamp, publishedAt, locale: 'en', sections, blocks: [],
      };
      await entities.write({ type: 'api::article.article', id, data });
      await links.write({ kind: 'relation.basic', relation: 'manyToOne', left: { type: 'api::article.article', field: 'category', ref: id }, right: { type: 'api::category.category', field: 'articles', ref: 1 + (n % CATEGORIES), pos: n } });
    }
  }
  await entities.end();
  await links.end();
  const file = join(dir, `strapi-${docs}.tar.gz`);
  await tar.c({ gzip: true, file, cwd: unpacked, portable: true }, ['schemas', 'entities', 'assets', 'links', 'configuration', 'metadata.json']);
  await rm(unpacked, { recursive: true, force: true });
  return file;
}

/** Runs the import, polling its peak resident memory (VmHWM) until it exits. */
function timedImport(archive, project) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [join(root, 'bin/folio.js'), 'import', 'strapi', archive, '--dir', project], { stdio: ['ignore', 'pipe', 'inherit'] });
    let peakKb = 0;
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    const poll = setInterval(async () => {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    }, 50);
    child.once('exit', (code) => {
      clearInterval(poll);
      if (code !== 0) return reject(new Error(`folio import exited with ${code}`));
      resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9, peakMb: Math.round(peakKb / 1024), summary: out });
    });
  });
}

export async function importBench(docs) {
  const dir = await mkdtemp(join(tmpdir(), 'folio-bench-import-'));
  try {
    const generating = Date.now();
    const archive = await generateArchive(dir, docs);
    const { size } = await stat(archive);
    console.error(`generated ${archive.split('/').pop()}: ${(size / 1e6).toFixed(1)} MB in ${((Date.now() - generating) / 1000).toFixed(1)} s`);
    const result = await timedImport(archive, join(dir, 'site'));
    console.log(`\nfolio import strapi: ${docs} documents (${2 * docs} versions, ${CATEGORIES} categories), archive ${(size / 1e6).toFixed(1)} MB gzip\n`);
    console.log('| documents | versions | seconds | versions per second | peak RSS MB |');
    console.log('|---|---|---|---|---|');
    console.log(`| ${docs} | ${2 * docs} | ${result.seconds.toFixed(1)} | ${Math.round((2 * docs) / result.seconds)} | ${result.peakMb} |`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
