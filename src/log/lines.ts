/**
 * Lines written in batches: a busy server answers thousands of requests a second, and one write per
 * line would be one system call per request (stdout is synchronous for files and pipes on Linux).
 * Lines wait at most `delayMs`, or until `maxBytes` of them are waiting; whatever waits is written
 * when the process exits. They wait as bytes, encoded into one buffer as they come: joined as
 * strings, 64 KB of lines made long rope strings that doubled the garbage collector's work on the
 * fastest read path. Two buffers take turns: one fills while the other is written, and it is filled
 * again once `write` says it is done with it (a fresh 64 KB each time is memory the CPU's caches
 * have never seen).
 */

export interface BatchedLines {
  write(line: string): void;
  /** Writes what waits now. */
  flush(): void;
}

const everyBatch = new Set<BatchedLines>();
let exitHooked = false;

/**
 * `write` calls `done` once it no longer needs `bytes` (a stream's write callback); a writer that
 * never does simply gets a new buffer at each batch.
 * @example const out = batchedLines((bytes, done) => process.stdout.write(bytes, done)); out.write('GET / 200\n');
 */
export function batchedLines(write: (bytes: Buffer, done: () => void) => void, { delayMs = 50, maxBytes = 64 * 1024 } = {}): BatchedLines {
  let buffer: Buffer = Buffer.allocUnsafe(maxBytes);
  /** The other buffer, once its bytes have been written. */
  let spare: Buffer | undefined;
  let used = 0;
  let timer: NodeJS.Timeout | undefined;
  const batch: BatchedLines = {
    write(line) {
      // A UTF-8 character takes at most 3 bytes per UTF-16 unit: this bound never cuts a line.
      if (used + line.length * 3 > maxBytes) {
        batch.flush();
        if (line.length * 3 > maxBytes) {
          write(Buffer.from(line), () => undefined);
          return;
        }
      }
      used += buffer.write(line, used);
      timer ??= setTimeout(batch.flush, delayMs).unref();
    },
    flush() {
      clearTimeout(timer);
      timer = undefined;
      if (used === 0) return;
      // The buffer goes to the stream, which may still hold it after write() returns: the spare follows.
      const written = buffer;
      const bytes = written.subarray(0, used);
      buffer = spare ?? Buffer.allocUnsafe(maxBytes);
      spare = undefined;
      used = 0;
      write(bytes, () => (spare = written));
    },
  };
  everyBatch.add(batch);
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => everyBatch.forEach((each) => each.flush()));
  }
  return batch;
}
