/** The one rule for names that come from content and become file names (`src/safe-path.ts`). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { ValidationError } from '../src/errors.js';
import { insideFolder, isPlainName, UnsafePathError } from '../src/safe-path.js';

const test = suite('isPlainName(name) and insideFolder(folder, what, ...names)');

test('plain names are the ones a stored file, a type, a document id or a locale is given', () => {
  for (const name of ['cover_3f2a9c1b7d.jpg', 'thumbnail_cover_3f2a9c1b7d.jpg', 'article', 'rux6enqbfyod40pcmteu76ig', 'en', 'pt-BR', 'zh-Hans-CN', 'a.b.c', 'x'.repeat(255)]) {
    assert.ok(isPlainName(name), name);
  }
});

test('a name that could leave its folder, hide, or is no string is refused', () => {
  const refused: unknown[] = ['', '.', '..', '../x', 'a/../b', 'a/b', 'a\\b', '/etc/passwd', '.env', '.htaccess', '-rf', '_x', 'x..y', 'a\u0000b', 'a b', 'é', 'x'.repeat(256), undefined, null, 12, { toString: () => 'a' }];
  for (const name of refused) assert.not.ok(isPlainName(name), String(name));
});

test('insideFolder joins plain names and throws a ValidationError naming what the name was otherwise', () => {
  assert.is(insideFolder('/site/public/uploads', 'stored file name', 'cover.jpg'), join('/site/public/uploads', 'cover.jpg'));
  assert.is(insideFolder('/site/data/content', 'name', 'article', 'abc', 'draft.en.json'), join('/site/data/content', 'article', 'abc', 'draft.en.json'));
  try {
    insideFolder('/site/public/uploads', 'stored file name', '../../.env');
    assert.unreachable('refused');
  } catch (error) {
    assert.instance(error, UnsafePathError);
    assert.instance(error, ValidationError);
    assert.match((error as Error).message, /^stored file name "\.\.\/\.\.\/\.env" cannot name a file: /);
  }
});

test.run();
