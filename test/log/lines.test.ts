import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { batchedLines } from '../../src/log/lines.js';

const test = suite('batchedLines(write)');

test('should hand over the lines in order, as one write, once maxBytes would be passed', () => {
  const writes: string[] = [];
  const lines = batchedLines((bytes) => writes.push(bytes.toString()), { maxBytes: 64 });
  lines.write('one\n');
  lines.write('two\n');
  assert.equal(writes, [], 'nothing is written while there is room');
  lines.write(`${'x'.repeat(20)}\n`);
  assert.equal(writes, ['one\ntwo\n'], 'a line that may not fit sends what waits first');
  lines.flush();
  assert.equal(writes, ['one\ntwo\n', `${'x'.repeat(20)}\n`]);
  lines.flush();
  assert.is(writes.length, 2, 'an empty flush writes nothing');
});

test('should write a line longer than the whole buffer at once and whole, after what waited', () => {
  const writes: string[] = [];
  const lines = batchedLines((bytes) => writes.push(bytes.toString()), { maxBytes: 64 });
  lines.write('before\n');
  const long = `${'é'.repeat(100)}\n`;
  lines.write(long);
  assert.equal(writes, ['before\n', long]);
});

test('should write what waits after delayMs without another line', async () => {
  const writes: string[] = [];
  const lines = batchedLines((bytes) => writes.push(bytes.toString()), { delayMs: 10 });
  lines.write('alone\n');
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(writes, ['alone\n']);
});

test('should never write into bytes the writer still holds, and reuse them once it is done', () => {
  const held: Buffer[] = [];
  const dones: Array<() => void> = [];
  const lines = batchedLines(
    (bytes, done) => {
      held.push(bytes); // not copied: a stream may keep them until its write completes
      dones.push(done);
    },
    { maxBytes: 64 },
  );
  for (const word of ['one', 'two', 'three']) {
    lines.write(`${word}\n`);
    lines.flush();
  }
  assert.equal(
    held.map((bytes) => bytes.toString()),
    ['one\n', 'two\n', 'three\n'],
    'no batch overwrote one whose write was not done',
  );
  dones[1]!();
  for (const word of ['four', 'five']) {
    lines.write(`${word}\n`);
    lines.flush();
  }
  const sameMemory = (a: Buffer, b: Buffer) => a.buffer === b.buffer && a.byteOffset === b.byteOffset;
  assert.ok(sameMemory(held[4]!, held[1]!), 'the memory of a finished write is filled again (after the batch already filling)');
  assert.equal(
    [0, 2, 3, 4].map((i) => held[i]!.toString()),
    ['one\n', 'three\n', 'four\n', 'five\n'],
    'the writes still in flight kept their bytes',
  );
});

test.run();
