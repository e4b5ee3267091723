import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { cleanEnv, folio, initProject, repoRoot, request } from '../_helpers/index.js';
import { serve } from '../_helpers/server.js';

function tableWriter(dir: string, name: string, count: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'test/fixtures/project/table-writer.ts'), dir, name, String(count)], {
      cwd: repoRoot,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let acks = 0;
    child.stdout.on('data', (chunk: Buffer) => (acks += chunk.toString().split('\n').filter((line) => line.startsWith('ack ')).length));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(acks) : reject(new Error(`writer ${name} exited ${code}`))));
  });
}

async function everyJsonFileParses(dir: string): Promise<number> {
  let checked = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name);
    assert.not.match(entry.name, /\.tmp$/, `no temporary file is left: ${path}`);
    if (entry.name.endsWith('.json')) {
      JSON.parse(await readFile(path, 'utf8'));
      checked++;
    }
  }
  return checked;
}

const shared = suite('a project shared by folio serve, the CLI and other writers');

shared('should lose no write of any side when they all write at once', async () => {
  const { dir, cleanup } = await initProject();
  const server = await serve(dir);
  const codes = ['fr', 'de', 'es', 'it', 'nl'];
  const [acksA, acksB, ...cliResults] = await Promise.all([
    tableWriter(dir, 'a', 40),
    tableWriter(dir, 'b', 40),
    ...codes.map((code) => folio(['--dir', dir, 'locale', 'add', code])),
    folio(['--dir', dir, 'config', 'set', 'api.rest.maxLimit', '50']),
  ]);
  assert.is(acksA, 40);
  assert.is(acksB, 40);
  for (const result of cliResults as { code: number; stderr: string }[]) assert.is(result.code, 0, result.stderr);

  const table = JSON.parse(await readFile(join(dir, 'data/sessions.json'), 'utf8'));
  assert.is(table.rows.length, 80, 'every acknowledged row is there');
  assert.is(new Set(table.rows.map((row: { id: number }) => row.id)).size, 80, 'no id was handed out twice');
  for (const writer of ['a', 'b']) {
    const ns = table.rows.filter((row: { writer: string }) => row.writer === writer).map((row: { n: number }) => row.n);
    assert.equal(ns, Array.from({ length: 40 }, (_, n) => n), `writer ${writer}'s rows are all there, in order`);
  }

  const i18n = parse(await readFile(join(dir, 'config/i18n.yaml'), 'utf8'));
  assert.equal(i18n.locales.map((l: { code: string }) => l.code).sort(), ['en', ...codes].sort());
  assert.is(parse(await readFile(join(dir, 'config/api.yaml'), 'utf8')).rest.maxLimit, 50);

  const locales = await request(`${server.url}/api/i18n/locales`);
  assert.equal(locales.body.map((l: { code: string }) => l.code).sort(), ['en', ...codes].sort(), 'the running server sees every locale');
  assert.ok((await everyJsonFileParses(join(dir, 'data'))) >= 3);
  assert.is(await server.stop(), 0);
  await cleanup();
});

shared.run();
