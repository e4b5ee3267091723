/**
 * Lines written in batches: a busy server answers thousands of requests a second, and one write per
 * line would be one system call per request (stdout is synchronous for files and pipes on Linux).
 * Lines wait at most `delayMs`, or until `maxBytes` of them are waiting; whatever waits is written
 * when the process exits.
 */

export interface BatchedLines {
  write(line: string): void;
  /** Writes what waits now. */
  flush(): void;
}

const everyBatch = new Set<BatchedLines>();
let exitHooked = false;

/**
 * @example const out = batchedLines((text) => process.stdout.write(text)); out.write('GET / 200\n');
 */
export function batchedLines(write: (text: string) => void, { delayMs = 50, maxBytes = 64 * 1024 } = {}): BatchedLines {
  let waiting = '';
  let timer: NodeJS.Timeout | undefined;
  const batch: BatchedLines = {
    write(line) {
      waiting += line;
      if (waiting.length >= maxBytes) batch.flush();
      else timer ??= setTimeout(batch.flush, delayMs).unref();
    },
    flush() {
      clearTimeout(timer);
      timer = undefined;
      if (waiting === '') return;
      const text = waiting;
      waiting = '';
      write(text);
    },
  };
  everyBatch.add(batch);
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => everyBatch.forEach((each) => each.flush()));
  }
  return batch;
}
