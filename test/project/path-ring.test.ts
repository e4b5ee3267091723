import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createPathRing, pathRingReader, pathRingWriter, type PathWord } from '../../src/project/path-ring.js';

const readAll = (reader: ReturnType<typeof pathRingReader>) => {
  const read: Array<[PathWord, string, string]> = [];
  reader.read((word, path, detail) => read.push([word, path, detail]));
  return read;
};

test('when paths are written then the reader gets each once, in order, with its word', () => {
  const memory = createPathRing(1024);
  const writer = pathRingWriter(memory);
  const reader = pathRingReader(memory);
  assert.ok(writer.write('file', 'article/a1/draft.en.json', 'f00d'));
  assert.ok(writer.write('absent', 'article/a1'));
  assert.ok(writer.write('unknown', 'artículo/ç1/draft.fr-FR.json'));
  assert.ok(writer.write('folder', 'article/a1'));
  assert.equal(readAll(reader), [
    ['file', 'article/a1/draft.en.json', 'f00d'],
    ['absent', 'article/a1', ''],
    ['unknown', 'artículo/ç1/draft.fr-FR.json', ''],
    ['folder', 'article/a1', ''],
  ]);
  assert.equal(readAll(reader), [], 'nothing twice');
});

test('when the ring is full then a write is refused until the reader has read, and entries across its end read whole', () => {
  const memory = createPathRing(64);
  const writer = pathRingWriter(memory);
  const reader = pathRingReader(memory);
  const path = (i: number) => `article/doc${i}/draft.en.json`; // 28 bytes, 31 with its head
  for (let round = 0; round < 50; round++) {
    assert.ok(writer.write('absent', path(2 * round)));
    assert.ok(writer.write('absent', path(2 * round + 1)));
    assert.not.ok(writer.write('absent', path(-1)), 'no room for a third');
    assert.equal(readAll(reader), [['absent', path(2 * round), ''], ['absent', path(2 * round + 1), '']]);
  }
});

test('when the size is not a power of two then the ring is refused', () => {
  assert.throws(() => createPathRing(1000), /power of two/);
});

test.run();
