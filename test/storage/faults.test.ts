import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { InsufficientStorageError } from '../../src/errors.js';
import { createLogger } from '../../src/log/index.js';
import { messages } from '../../src/messages.js';
import { createStorageHealth } from '../../src/storage/faults.js';

const test = suite('createStorageHealth()');

const fault = (code: string) => Object.assign(new Error(`${code}: something, write '/srv/site/data/users.json'`), { code });

function setUp() {
  const lines: string[] = [];
  const clock = { now: 0 };
  const health = createStorageHealth({ log: createLogger({ write: (line) => lines.push(line) }), now: () => clock.now });
  return { lines, clock, health };
}

test('should turn a storage fault into an InsufficientStorageError that names it, with no path, and keep other errors as they are', () => {
  const { health } = setUp();
  for (const [code, message] of [['ENOSPC', messages.storageFull], ['EDQUOT', messages.storageOverQuota], ['EROFS', messages.storageReadOnly], ['EIO', messages.storageFailing]] as const) {
    const error = health.failed(fault(code));
    assert.instance(error, InsufficientStorageError);
    assert.is((error as Error).message, message);
    assert.not.ok((error as Error).message.includes('/srv'));
  }
  const other = fault('EACCES');
  assert.is(health.failed(other), other);
});

test('should say the store cannot take writes from a fault until a write succeeds', () => {
  const { health } = setUp();
  assert.is(health.problem(), undefined);
  health.failed(fault('EACCES'));
  assert.is(health.problem(), undefined, 'a refused permission is not the storage');
  health.failed(fault('ENOSPC'));
  assert.is(health.problem(), messages.storageFull);
  health.succeeded();
  assert.is(health.problem(), undefined);
});

test('should log a fault once a minute, counting the writes refused meanwhile, and say when writes succeed again', () => {
  const { lines, clock, health } = setUp();
  for (let i = 0; i < 5; i++) health.failed(fault('ENOSPC'));
  assert.is(lines.length, 1);
  assert.match(lines[0]!, /error storage: a write was refused: The storage is full.*\(ENOSPC\)\n$/);
  clock.now = 59_999;
  health.failed(fault('ENOSPC'));
  assert.is(lines.length, 1);
  clock.now = 60_000;
  health.failed(fault('ENOSPC'));
  assert.is(lines.length, 2);
  assert.match(lines[1]!, /storage: 6 writes were refused in the last minute: The storage is full/);
  clock.now = 200_000;
  health.failed(fault('ENOSPC'), { probe: true });
  assert.is(lines.length, 2, 'a failed probe is not a refused write');
  assert.is(health.problem(), messages.storageFull);
  health.succeeded();
  health.succeeded();
  assert.is(lines.length, 3, 'said once');
  assert.match(lines[2]!, /info storage: writes succeed again\n$/);
});

test.run();
