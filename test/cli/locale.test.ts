import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { folio, initProject } from '../_helpers/index.js';

const locale = suite('folio locale');
let dir: string;
let cleanup: () => Promise<void>;

locale.before.each(async () => {
  ({ dir, cleanup } = await initProject());
});
locale.after.each(() => cleanup());

const i18n = async () => parse(await readFile(join(dir, 'config/i18n.yaml'), 'utf8'));

locale('add should append the locale with a name derived from its code', async () => {
  const result = await folio(['--dir', dir, 'locale', 'add', 'fr']);
  assert.is(result.code, 0, result.stderr);
  assert.is(result.stdout, 'Added locale fr (French (fr)).\n');
  assert.equal((await i18n()).locales, [{ code: 'en', name: 'English (en)' }, { code: 'fr', name: 'French (fr)' }]);
});

locale('add should accept --dir after the subcommand and a --name', async () => {
  const result = await folio(['locale', 'add', 'pt-BR', '--name', 'Português', '--dir', dir]);
  assert.is(result.code, 0, result.stderr);
  assert.equal((await i18n()).locales[1], { code: 'pt-BR', name: 'Português' });
});

locale('add should keep the comments of config/i18n.yaml', async () => {
  await folio(['--dir', dir, 'locale', 'add', 'de']);
  assert.match(await readFile(join(dir, 'config/i18n.yaml'), 'utf8'), /^# Locales\./);
});

locale('add when the code is not a locale code then exit 1 naming it, and nothing changes', async () => {
  const before = await readFile(join(dir, 'config/i18n.yaml'), 'utf8');
  const result = await folio(['--dir', dir, 'locale', 'add', 'not a code']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: "not a code" is not a locale code; use a code like "en", "fr" or "pt-BR"\n');
  assert.is(await readFile(join(dir, 'config/i18n.yaml'), 'utf8'), before);
});

locale('add when the locale exists then exit 1', async () => {
  const result = await folio(['--dir', dir, 'locale', 'add', 'en']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: Locale "en" already exists\n');
});

locale('add without a code and without a terminal then exit 1 naming the missing argument', async () => {
  const result = await folio(['--dir', dir, 'locale', 'add']);
  assert.is(result.code, 1);
  assert.match(result.stderr, /^folio: missing <code>/);
});

locale('list should show every locale and mark the default, or JSON with --json', async () => {
  await folio(['--dir', dir, 'locale', 'add', 'fr']);
  const human = await folio(['--dir', dir, 'locale', 'list']);
  assert.is(human.code, 0);
  assert.match(human.stdout, /^CODE\s+NAME\s+IS DEFAULT\nen\s+English \(en\)\s+yes\nfr\s+French \(fr\)\s+no\n$/);
  const json = await folio(['--dir', dir, 'locale', 'list', '--json']);
  assert.equal(JSON.parse(json.stdout), [
    { code: 'en', name: 'English (en)', isDefault: true },
    { code: 'fr', name: 'French (fr)', isDefault: false },
  ]);
});

locale('default should switch the default locale', async () => {
  await folio(['--dir', dir, 'locale', 'add', 'fr']);
  const result = await folio(['--dir', dir, 'locale', 'default', 'fr']);
  assert.is(result.code, 0, result.stderr);
  assert.is((await i18n()).defaultLocale, 'fr');
});

locale('default when the locale was never added then exit 1 with a suggestion', async () => {
  await folio(['--dir', dir, 'locale', 'add', 'fr']);
  const result = await folio(['--dir', dir, 'locale', 'default', 'fx']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: Locale "fx" does not exist (locales: en, fr); did you mean "fr"?\n');
});

locale('remove should drop a locale, but never the default one', async () => {
  await folio(['--dir', dir, 'locale', 'add', 'fr']);
  const removed = await folio(['--dir', dir, 'locale', 'remove', 'fr']);
  assert.is(removed.code, 0, removed.stderr);
  assert.equal((await i18n()).locales, [{ code: 'en', name: 'English (en)' }]);
  const refused = await folio(['--dir', dir, 'locale', 'remove', 'en']);
  assert.is(refused.code, 1);
  assert.match(refused.stderr, /Locale "en" is the default locale and cannot be removed/);
});

locale('when config/i18n.yaml is broken then exit 1 naming the file and line', async () => {
  await writeFile(join(dir, 'config/i18n.yaml'), 'locales:\n  - code: en\n   name: x\n');
  const result = await folio(['--dir', dir, 'locale', 'add', 'fr']);
  assert.is(result.code, 1);
  assert.match(result.stderr, /^folio: config\/i18n\.yaml: line \d+: .+\n$/);
});

locale('concurrent adds from several processes should all be kept', async () => {
  const codes = ['fr', 'de', 'es', 'it', 'nl', 'pt'];
  const results = await Promise.all(codes.map((code) => folio(['--dir', dir, 'locale', 'add', code])));
  for (const result of results) assert.is(result.code, 0, result.stderr);
  assert.equal((await i18n()).locales.map((l: { code: string }) => l.code).sort(), ['en', ...codes].sort());
});

locale.run();
