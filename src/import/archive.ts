/**
 * Reads the archive of `strapi export --no-encrypt` (a `.tar`, or a `.tar.gz`) entry by entry as
 * it streams from disk: an archive larger than memory is read in one pass of constant memory, and
 * a slow reader slows the file read rather than buffering it. Every failure is one line naming the
 * archive (and the entry, when one is at fault): not an archive, encrypted, truncated or corrupt,
 * or an entry whose path would leave the folder it is extracted to.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, posix } from 'node:path';
import { Parser, type ReadEntry } from 'tar';
import { ApplicationError } from '../errors.js';

export interface ArchiveEntry {
  /** The path inside the archive, `./` taken off: `entities/entities_00001.jsonl`. */
  path: string;
  /** Its bytes, read once. An entry left unread is skipped. */
  body: AsyncIterable<Buffer>;
}

export interface ReadArchiveOptions {
  /** Told how many bytes of the archive file have been read so far (for a progress bar). */
  onBytes?: (read: number) => void;
}

/** `strapi export` encrypts unless told not to; its file then ends with `.enc`. */
const ENCRYPTED = /\.enc$/i;

/** Says what the archive is, from its first bytes: gzip, tar, or neither (refused). */
async function assertArchive(file: string): Promise<void> {
  const shown = basename(file);
  if (ENCRYPTED.test(file)) throw new ApplicationError(`${shown} is encrypted: export again with \`strapi export --no-encrypt\``);
  let head: Buffer;
  try {
    const handle = await open(file, 'r');
    try {
      head = Buffer.alloc(512);
      const { bytesRead } = await handle.read(head, 0, 512, 0);
      head = head.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ApplicationError(`${shown}: no such file`);
    if (code === 'EISDIR') {
      throw new ApplicationError(`${shown} is a folder, not an archive: give the .tar.gz (or .tar) that strapi export wrote`);
    }
    throw error;
  }
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  const tar = head.length >= 262 && head.toString('latin1', 257, 262) === 'ustar';
  if (!gzip && !tar) {
    const encrypted = 'an encrypted export looks like this too: export with `strapi export --no-encrypt`';
    throw new ApplicationError(`${shown} is not a .tar or .tar.gz archive (${encrypted})`);
  }
}

/**
 * The path of an entry as it may be used: relative, inside the archive's folder, no `..`.
 * @example safeEntryPath('./schemas/schemas_00001.jsonl') // 'schemas/schemas_00001.jsonl'
 */
export function safeEntryPath(raw: string): string | undefined {
  if (raw.includes('\\') || raw.includes('\0') || posix.isAbsolute(raw)) return undefined;
  const parts = raw.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || parts.some((part) => part === '..')) return undefined;
  return parts.join('/');
}

/**
 * Calls `visit` with each file of the archive, in archive order, one at a time: the next entry is
 * read only once `visit` has resolved. Folders are passed over; links and devices are refused.
 * @example await readArchive('export.tar.gz', async (entry) => { if (entry.path === 'metadata.json') … });
 */
export async function readArchive(
  file: string,
  visit: (entry: ArchiveEntry) => Promise<void>,
  options: ReadArchiveOptions = {},
): Promise<void> {
  await assertArchive(file);
  const shown = basename(file);
  const parser = new Parser({ strict: true });
  const waiting: ReadEntry[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  let failure: Error | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  parser.on('entry', (entry: ReadEntry) => {
    waiting.push(entry);
    notify();
  });
  parser.on('end', () => {
    ended = true;
    notify();
  });
  /** The entry being read: ended when the archive breaks off, so that its reader stops waiting. */
  let current: ReadEntry | undefined;
  parser.on('error', (error: Error) => {
    failure ??= error;
    current?.end();
    notify();
  });

  const input = createReadStream(file);
  let read = 0;
  input.on('data', (chunk) => {
    read += chunk.length;
    options.onBytes?.(read);
  });
  input.on('error', (error) => {
    failure ??= error;
    notify();
  });
  input.pipe(parser);

  const corrupt = (error: Error) =>
    new ApplicationError(`${shown} is truncated or corrupt (${describe(error)}): nothing was imported; export it again`);
  try {
    for (;;) {
      if (failure) throw corrupt(failure);
      const entry = waiting.shift();
      if (!entry) {
        if (ended) break;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      const path = safeEntryPath(entry.path);
      if (path === undefined) {
        throw new ApplicationError(`${shown}: entry "${entry.path}" has a path outside the archive's folder; nothing was imported`);
      }
      if (entry.type === 'Directory') {
        entry.resume();
        continue;
      }
      if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'ContiguousFile') {
        throw new ApplicationError(`${shown}: entry "${path}" is a ${entry.type}, not a file; nothing was imported`);
      }
      let consumed = false;
      const body: AsyncIterable<Buffer> = {
        [Symbol.asyncIterator]: () => {
          consumed = true;
          return entry[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
        },
      };
      current = entry;
      try {
        await visit({ path, body });
      } catch (error) {
        // A line cut short by a broken archive is the archive's fault, said as such.
        throw failure ? corrupt(failure) : error;
      }
      current = undefined;
      if (!consumed) entry.resume();
      else if (failure) throw corrupt(failure);
    }
  } finally {
    input.destroy();
  }
}

/** The reason a broken archive gives, in a few words: no stack, no path of this machine. */
function describe(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error.message.replace(/\s+/g, ' ').trim();
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * The most bytes one line of a JSON-lines entry (one row, one schema, one setting), or one JSON
 * entry such as metadata.json, may hold. A line is parsed whole, and parsing takes several times
 * its size in memory, so without a bound a few MB of gzip holding one line of hundreds of MB would
 * take gigabytes. Strapi takes a row through its API in a request body of at most 1 MB unless
 * told otherwise (as foliocms's `server.bodyLimit` does), and the longest line of the test
 * fixture's export, a settings line, is under 60 KB: 32 MiB leaves room for a project that raised
 * that limit many times over, while one line at the limit still parses in a few hundred MB.
 */
export const MAX_LINE_BYTES = 32 * 1024 * 1024;

export interface JsonReadOptions {
  /** The most bytes one line (or the whole entry, for jsonEntry) may hold: MAX_LINE_BYTES unless told. */
  maxBytes?: number;
}

/** A size as a message says it: `32 MiB`, `64 KiB`, `31 bytes`. */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** The error of a line (or entry) over the limit. */
function tooLong(what: string, limit: number): ApplicationError {
  return new ApplicationError(`${what} is longer than ${sizeText(limit)}, the most one line of an export may hold; nothing was imported`);
}

/**
 * The lines of a JSON-lines entry, each parsed; a line that is not JSON, or longer than the limit,
 * is an error naming the entry and the line. The limit is checked as the line's bytes arrive, so
 * no more than the limit and one chunk is ever held.
 * @example for await (const { line, value } of jsonLines(entry)) …
 */
export async function* jsonLines(entry: ArchiveEntry, options: JsonReadOptions = {}): AsyncGenerator<{ line: number; value: unknown }> {
  const limit = options.maxBytes ?? MAX_LINE_BYTES;
  /** The bytes of the line being read so far, as parts of the chunks they came in. */
  let held: Buffer[] = [];
  let heldBytes = 0;
  let line = 0;
  const hold = (part: Buffer) => {
    if (heldBytes + part.length > limit) throw tooLong(`${entry.path} line ${line + 1}`, limit);
    held.push(part);
    heldBytes += part.length;
  };
  /** The line held, parsed; undefined for a blank line (counted all the same). */
  const take = (): { line: number; value: unknown } | undefined => {
    // Cut at the byte 0x0a, which UTF-8 never uses inside a character: each line decodes whole.
    const text = (held.length === 1 ? held[0]! : Buffer.concat(held, heldBytes)).toString('utf8');
    held = [];
    heldBytes = 0;
    line += 1;
    if (text.trim() === '') return undefined;
    try {
      return { line, value: JSON.parse(text) as unknown };
    } catch {
      throw new ApplicationError(`${entry.path} line ${line} is not JSON; the archive is corrupt: export it again`);
    }
  };
  for await (const chunk of entry.body) {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end >= 0; end = chunk.indexOf(0x0a, start)) {
      hold(chunk.subarray(start, end));
      start = end + 1;
      const parsed = take();
      if (parsed) yield parsed;
    }
    if (start < chunk.length) hold(chunk.subarray(start));
  }
  if (heldBytes > 0) {
    const parsed = take();
    if (parsed) yield parsed;
  }
}

/**
 * A JSON entry (metadata.json, an asset's metadata) as one value; an entry longer than the limit
 * is refused as it is read.
 */
export async function jsonEntry(entry: ArchiveEntry, options: JsonReadOptions = {}): Promise<unknown> {
  const limit = options.maxBytes ?? MAX_LINE_BYTES;
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of entry.body) {
    bytes += chunk.length;
    if (bytes > limit) throw tooLong(entry.path, limit);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks, bytes).toString('utf8')) as unknown;
  } catch {
    throw new ApplicationError(`${entry.path} is not JSON; the archive is corrupt: export it again`);
  }
}
