/** createLimiter: at most `limit` tasks at once, the rest in arrival order, failures included. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLimiter } from '../src/limiter.js';
import { expectError } from './_helpers/index.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

test('never runs more than limit tasks at once, and starts the waiting ones in order', async () => {
  const limited = createLimiter(2);
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const results = await Promise.all(Array.from({ length: 7 }, (_, n) => limited(async () => {
    started.push(n);
    most = Math.max(most, ++running);
    await tick();
    running--;
    return n * 10;
  })));
  assert.is(most, 2);
  assert.equal(started, [0, 1, 2, 3, 4, 5, 6]);
  assert.equal(results, [0, 10, 20, 30, 40, 50, 60]);
});

test('a failing task gives its place to the next one', async () => {
  const limited = createLimiter(1);
  const failed = limited(async () => {
    throw new Error('boom');
  });
  const next = limited(async () => 'ran');
  await expectError(failed, { type: Error, message: 'boom' });
  assert.is(await next, 'ran');
  assert.is(await limited(async () => 'still free'), 'still free');
});

test.run();
