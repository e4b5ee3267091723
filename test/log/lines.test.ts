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

test.run();
