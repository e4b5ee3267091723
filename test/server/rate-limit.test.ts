import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dropExpired } from '../../src/server/rate-limit.js';

const sweep = suite('dropExpired(buckets, now)');

sweep('should drop the buckets whose window has ended and keep the others', () => {
  const buckets = new Map([
    ['limit:old', { reset: 100 }],
    ['limit:ending', { reset: 200 }],
    ['limit:live', { reset: 300 }],
  ]);
  dropExpired(buckets, 200.5);
  assert.equal([...buckets.keys()], ['limit:live']);
  dropExpired(buckets, 10);
  assert.equal([...buckets.keys()], ['limit:live'], 'a live bucket is never dropped');
});

sweep.run();
