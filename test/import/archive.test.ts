/**
 * The JSON readers of an archive's entries: one line (or one JSON entry) is bounded, and the bound
 * is checked while the line is read, so a line of hundreds of MB (a few KB once gzipped) is
 * refused having held no more than the limit and one chunk.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonEntry, jsonLines, MAX_LINE_BYTES, type ArchiveEntry } from '../../src/import/archive.js';

/** An entry whose body yields `chunks`, counting how many were taken. */
function entryOf(path: string, chunks: () => Iterable<Buffer>): { entry: ArchiveEntry; taken: () => number } {
  let taken = 0;
  const body = (async function* () {
    for (const chunk of chunks()) {
      taken += 1;
      yield chunk;
    }
  })();
  return { entry: { path, body }, taken: () => taken };
}

/** `count` chunks of `size` bytes of `a`, as one long JSON string value, after `before`. */
function* longLine(before: string, size: number, count: number): Generator<Buffer> {
  yield Buffer.from(`${before}{"a":"`);
  for (let i = 0; i < count; i++) yield Buffer.alloc(size, 'a');
  yield Buffer.from('"}\n');
}

async function message(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('did not fail');
}

async function all(entry: ArchiveEntry, maxBytes?: number) {
  const found: Array<{ line: number; value: unknown }> = [];
  for await (const item of jsonLines(entry, maxBytes === undefined ? {} : { maxBytes })) found.push(item);
  return found;
}

const test = suite('import: JSON lines of an archive entry');

test('the limit of one line should be 32 MiB', () => {
  assert.is(MAX_LINE_BYTES, 32 * 1024 * 1024);
});

test('a line longer than the limit should be refused as it is read, holding at most the limit and one chunk', async () => {
  // 4 MiB in 1 KiB chunks, read with a limit of 64 KiB: refused after about 64 chunks, not 4,096.
  const { entry, taken } = entryOf('entities/entities_00001.jsonl', () => longLine('{"first":1}\n\n', 1024, 4096));
  const text = await message(all(entry, 64 * 1024));
  assert.is(text, 'entities/entities_00001.jsonl line 3 is longer than 64 KiB, the most one line of an export may hold; nothing was imported');
  assert.ok(taken() <= 64 + 2, `read ${taken()} chunks`);
});

test('a line of the limit exactly should be read, and lines should be cut at newlines whatever the chunks', async () => {
  const value = 'é'.repeat(10); // two bytes each: a chunk boundary falls inside one
  const text = `{"v":"${value}"}\n\n{"n":2}\r\n{"n":3}`;
  const bytes = Buffer.from(text);
  const chunks = () => Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
  const exact = Buffer.byteLength(`{"v":"${value}"}`);
  assert.equal(await all(entryOf('a.jsonl', chunks).entry, exact), [
    { line: 1, value: { v: value } },
    { line: 3, value: { n: 2 } },
    { line: 4, value: { n: 3 } },
  ]);
  assert.is(await message(all(entryOf('a.jsonl', chunks).entry, exact - 1)), `a.jsonl line 1 is longer than ${exact - 1} bytes, the most one line of an export may hold; nothing was imported`);
});

test('a line that is not JSON should still be named', async () => {
  const { entry } = entryOf('links/links_00001.jsonl', () => [Buffer.from('{"a":1}\n{"b":')]);
  assert.is(await message(all(entry)), 'links/links_00001.jsonl line 2 is not JSON; the archive is corrupt: export it again');
});

test('a JSON entry longer than the limit should be refused as it is read', async () => {
  const { entry, taken } = entryOf('metadata.json', () => longLine('', 1024, 4096));
  assert.is(await message(jsonEntry(entry, { maxBytes: 16 * 1024 })), 'metadata.json is longer than 16 KiB, the most one line of an export may hold; nothing was imported');
  assert.ok(taken() <= 16 + 2, `read ${taken()} chunks`);
  assert.equal(await jsonEntry(entryOf('metadata.json', () => [Buffer.from('{"strapi":'), Buffer.from('{"version":"5.54.0"}}')]).entry), { strapi: { version: '5.54.0' } });
});

test.run();
