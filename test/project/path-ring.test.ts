import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createPathRing, pathRingReader, pathRingWriter, type PathWord } from '../../src/project/path-ring.js';

const readAll = (reader: ReturnType<typeof pathRingReader>) => {
  const read: Array<[PathWord, string]> = [];
  reader.read((word, path) => read.push([word, path]));
  return read;
};

test('when paths are written then the reader gets each once, in order, with its word', () => {
  const memory = createPathRing(1024);
  const writer = pathRingWriter(memory);
  const reader = pathRingReader(memory);
  assert.ok(writer.write('expect', 'article/a1/draft.en.json'));
  assert.ok(writer.write('withdraw', 'article/a1'));
  assert.ok(writer.write('expect', 'artículo/ç1/draft.fr-FR.json'));
  assert.equal(readAll(reader), [['expect', 'article/a1/draft.en.json'], ['withdraw', 'article/a1'], ['expect', 'artículo/ç1/draft.fr-FR.json']]);
  assert.equal(readAll(reader), [], 'nothing twice');
});

test('when the ring is full then a write is refused until the reader has read, and entries across its end read whole', () => {
  const memory = createPathRing(64);
  const writer = pathRingWriter(memory);
  const reader = pathRingReader(memory);
  const path = (i: number) => `article/doc${i}/draft.en.json`; // 28 bytes, 31 with its head
  for (let round = 0; round < 50; round++) {
    assert.ok(writer.write('expect', path(2 * round)));
    assert.ok(writer.write('expect', path(2 * round + 1)));
    assert.not.ok(writer.write('expect', path(-1)), 'no room for a third');
    assert.equal(readAll(reader), [['expect', path(2 * round)], ['expect', path(2 * round + 1)]]);
  }
});

test('when the size is not a power of two then the ring is refused', () => {
  assert.throws(() => createPathRing(1000), /power of two/);
});

test.run();
