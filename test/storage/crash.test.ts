// The kill -9 race test (every disk write goes through one module: temporary file, fsync, rename):
// a writer child is SIGKILLed at random moments, over and over, on the same data directory; after
// each kill every file must parse and every acknowledged write must be on disk with its exact
// content (docs/security.md: a 2xx means it is on disk).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createFileStore, openTable } from '../../src/storage/index.js';
import { documentKey, documentValue, eventRow, SLOTS, type EventRow } from '../fixtures/storage/crash-model.js';
import { makeTempDir, removeTempDir, runFixture } from './_helpers.js';

const KILLS = 15;
const MAX_ACKS_BEFORE_KILL = 40;

/** What the parent learnt from the writers' output: every write started and every write acknowledged. */
class Ledger {
  /** Per document slot: the newest acknowledged write, and every write ever started. */
  readonly documents = Array.from({ length: SLOTS }, () => ({ acked: -1, started: new Set<number>() }));
  /** Acknowledged rows by id. */
  readonly rows = new Map<number, { run: number; seq: number }>();

  record(line: string): 'ack' | 'other' {
    const [what, kind, a, run, seq] = line.split(' ');
    if (kind === 'doc') {
      const slot = this.documents[Number(a)]!;
      if (what === 'start') slot.started.add(order(Number(run), Number(seq)));
      else slot.acked = Math.max(slot.acked, order(Number(run), Number(seq)));
    } else if (kind === 'row') {
      this.rows.set(Number(a), { run: Number(run), seq: Number(seq) });
    }
    return what === 'ack' ? 'ack' : 'other';
  }
}

/** Writes are ordered by run, then by sequence number within the run. */
const order = (run: number, seq: number) => run * 1_000_000 + seq;

async function jsonFilesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await jsonFilesUnder(path)));
    else if (entry.name.endsWith('.json')) found.push(path);
  }
  return found;
}

async function readJson(path: string): Promise<unknown> {
  const text = await readFile(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${path} does not parse: ${JSON.stringify(text.slice(0, 200))}…`);
  }
}

async function readIfPresent(path: string): Promise<unknown> {
  try {
    return await readJson(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function verify(dataDir: string, ledger: Ledger, kill: number): Promise<void> {
  for (const file of await jsonFilesUnder(dataDir)) await readJson(file);

  for (let slot = 0; slot < SLOTS; slot++) {
    const { acked, started } = ledger.documents[slot]!;
    const key = documentKey(slot);
    const stored = (await readIfPresent(join(dataDir, 'content', key.type, key.documentId, `${key.status}.${key.locale}.json`))) as
      | { run: number; seq: number }
      | undefined;
    const where = `kill ${kill}, document ${slot}`;
    if (stored === undefined) {
      assert.is(acked, -1, `${where}: acknowledged write ${acked} is missing`);
      continue;
    }
    const version = order(stored.run, stored.seq);
    assert.ok(started.has(version), `${where}: holds ${stored.run}.${stored.seq}, which was never started`);
    assert.ok(version >= acked, `${where}: holds ${version}, older than the acknowledged ${acked}`);
    assert.equal(stored, documentValue(slot, stored.run, stored.seq), `${where}: content differs`);
  }

  if (ledger.rows.size === 0) return;
  const table = (await readJson(join(dataDir, 'events.json'))) as { nextId: number; rows: EventRow[] };
  const byId = new Map(table.rows.map((row) => [row.id, row]));
  assert.is(byId.size, table.rows.length, `kill ${kill}: duplicate row ids`);
  assert.ok(table.rows.every((row) => row.id < table.nextId), `kill ${kill}: nextId ${table.nextId} is not above every id`);
  for (const [id, { run, seq }] of ledger.rows) {
    assert.equal(byId.get(id), eventRow(id, run, seq), `kill ${kill}: acknowledged row ${id} is missing or differs`);
  }
}

/** Starts a writer, kills it with SIGKILL after `killAfter` acknowledgements, and answers how many it saw. */
async function runAndKill(dataDir: string, run: number, ledger: Ledger, killAfter: number): Promise<number> {
  const writer = runFixture('crash-writer', [dataDir, String(run)]);
  let acks = 0;
  let killed = false;
  const kill = () => {
    if (!killed) killed = writer.kill('SIGKILL');
  };
  writer.onLine((line) => {
    if (line === 'ready') {
      if (killAfter === 0) kill();
    } else if (ledger.record(line) === 'ack' && ++acks >= killAfter) kill();
  });
  const { code, signal, stderr } = await writer.closed;
  await new Promise((resolve) => setImmediate(resolve)); // let the last buffered lines through
  assert.is(signal, 'SIGKILL', `writer ${run} exited by itself (code ${code}): ${stderr}`);
  return acks;
}

const test = suite<{ dir: string }>('crash safety of createFileDocuments and openTable under SIGKILL');
test.before.each(async (context) => {
  context.dir = await makeTempDir();
});
test.after.each(({ dir }) => removeTempDir(dir));

test('when the writer is killed at random moments then every file parses and every acknowledged write survives', async ({ dir }) => {
  const ledger = new Ledger();
  let totalAcks = 0;
  for (let kill = 1; kill <= KILLS; kill++) {
    totalAcks += await runAndKill(dir, kill, ledger, Math.floor(Math.random() * (MAX_ACKS_BEFORE_KILL + 1)));
    await verify(dir, ledger, kill);
  }
  assert.ok(totalAcks > KILLS, `the writers acknowledged only ${totalAcks} writes`);

  // The next start cleans up after the last crash: temp files go, the dead writer's lock is taken over.
  const files = createFileStore();
  await files.removeStaleTempFiles(dir);
  const leftovers = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.tmp'));
  assert.equal(leftovers, []);
  const events = await openTable<EventRow>(files, dir, 'events');
  await events.update((data) => void data.nextId++);
  for (const [id, { run, seq }] of ledger.rows) assert.equal(events.rows().find((row) => row.id === id), eventRow(id, run, seq));
});

test.run();
