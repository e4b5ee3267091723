// The disk's ceiling for `create`: the file system work of one durable create (two version files
// written and fsynced into a new directory, that directory fsynced and renamed into place, its
// parent fsynced), done by plain fs calls with no HTTP and no foliocms code, at the same
// concurrency as the `create` scenario. A create cannot be faster than this on this machine.
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

const body = JSON.stringify({ title: 'Created by the benchmark', sections: [{ heading: 'Benchmark' }, { heading: 'Benchmark' }] }, null, 2);

async function syncDirectory(dir) {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeSynced(path) {
  const handle = await open(path, 'wx', 0o600);
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Durable creates per second for `seconds`, `connections` at a time, under `dir` (removed afterwards). */
export async function diskCeiling(dir, { seconds = 5, connections = 10 } = {}) {
  const parent = join(dir, 'article');
  await mkdir(parent, { recursive: true });
  const until = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(Array.from({ length: connections }, async (_, worker) => {
    for (let n = 0; Date.now() < until; n++) {
      const temp = join(parent, `.d${worker}-${n}.tmp`);
      await mkdir(temp, { mode: 0o700 });
      await Promise.all([writeSynced(join(temp, 'draft.en.json')), writeSynced(join(temp, 'published.en.json'))]);
      await syncDirectory(temp);
      await rename(temp, join(parent, `d${worker}-${n}`));
      await syncDirectory(parent);
      done++;
    }
  }));
  await rm(dir, { recursive: true, force: true });
  return Math.round(done / seconds);
}
