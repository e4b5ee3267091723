/**
 * A queue of paths in memory shared by two threads, one writing and one reading: the server's word
 * to the content watch about each write, told without a message or a wake-up (which cost a write
 * more than the word itself). The reader takes what was written whenever it runs.
 */

/** What is said about a path: what a write will leave there (see PathSaid in storage/). */
export type PathWord = 'folder' | 'absent' | 'landed' | 'unknown' | 'file';
const WORDS: readonly PathWord[] = ['folder', 'absent', 'landed', 'unknown', 'file'];

const WRITTEN = 0; // header slots: bytes written so far, and read so far (both modulo 2³²)
const READ = 1;
const HEADER_BYTES = 8;
/** Each entry: its length (2 bytes), its word (1 byte), then the UTF-8 bytes of the path and, after a NUL, its detail. */
const ENTRY_HEAD = 3;

/**
 * The shared memory of a ring that holds `capacity` bytes (a power of two).
 * @example const memory = createPathRing(1 << 20);
 */
export function createPathRing(capacity: number): SharedArrayBuffer {
  if (capacity <= 0 || (capacity & (capacity - 1)) !== 0) throw new RangeError('a path ring holds a power of two of bytes');
  return new SharedArrayBuffer(HEADER_BYTES + capacity);
}

function views(memory: SharedArrayBuffer) {
  return { header: new Int32Array(memory, 0, 2), bytes: new Uint8Array(memory, HEADER_BYTES), mask: memory.byteLength - HEADER_BYTES - 1 };
}

/**
 * The writing side: `write` answers false when the ring has no room (the reader is behind).
 * @example const ring = pathRingWriter(memory); ring.write('file', 'article/abc/draft.en.json', hash);
 */
export function pathRingWriter(memory: SharedArrayBuffer) {
  const { header, bytes, mask } = views(memory);
  const encoder = new TextEncoder();
  return {
    write(word: PathWord, path: string, detail = ''): boolean {
      const encoded = encoder.encode(detail === '' ? path : `${path}\0${detail}`);
      const size = ENTRY_HEAD + encoded.length;
      const written = Atomics.load(header, WRITTEN);
      if (encoded.length > 0xffff || mask + 1 - ((written - Atomics.load(header, READ)) >>> 0) < size) return false;
      const at = (offset: number) => (written + offset) & mask;
      bytes[at(0)] = encoded.length >>> 8;
      bytes[at(1)] = encoded.length & 0xff;
      bytes[at(2)] = WORDS.indexOf(word);
      for (let i = 0; i < encoded.length; i++) bytes[at(ENTRY_HEAD + i)] = encoded[i]!;
      Atomics.store(header, WRITTEN, (written + size) | 0); // the entry is whole before it is seen
      return true;
    },
  };
}

/**
 * The reading side: `read` hands every entry written since the last read to `each`, in order.
 * @example pathRingReader(memory).read((word, path, detail) => console.log(word, path, detail));
 */
export function pathRingReader(memory: SharedArrayBuffer) {
  const { header, bytes, mask } = views(memory);
  const decoder = new TextDecoder();
  return {
    read(each: (word: PathWord, path: string, detail: string) => void): void {
      const written = Atomics.load(header, WRITTEN);
      let read = Atomics.load(header, READ);
      while (read !== written) {
        const length = (bytes[read & mask]! << 8) | bytes[(read + 1) & mask]!;
        const word = WORDS[bytes[(read + 2) & mask]!]!;
        const encoded = new Uint8Array(length);
        for (let i = 0; i < length; i++) encoded[i] = bytes[(read + ENTRY_HEAD + i) & mask]!;
        read = (read + ENTRY_HEAD + length) | 0;
        const [path, detail = ''] = decoder.decode(encoded).split('\0');
        each(word, path!, detail);
      }
      Atomics.store(header, READ, read); // room for the writer only once all of it is read
    },
  };
}
