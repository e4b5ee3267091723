import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { folio, initProject } from '../_helpers/index.js';

const config = suite('folio config get|set');
let dir: string;
let cleanup: () => Promise<void>;

config.before.each(async () => {
  ({ dir, cleanup } = await initProject());
});
config.after.each(() => cleanup());

config('get should print the value as YAML, or JSON with --json', async () => {
  const yaml = await folio(['--dir', dir, 'config', 'get', 'users-permissions.jwtManagement']);
  assert.is(yaml.code, 0, yaml.stderr);
  assert.is(yaml.stdout, 'legacy-support\n');
  const json = await folio(['--dir', dir, 'config', 'get', 'api.rest', '--json']);
  assert.equal(JSON.parse(json.stdout), { defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false, localeDocumentAsArray: true, componentIds: false });
});

config('set should parse YAML values, write the file, and say when it takes effect', async () => {
  const set = await folio(['--dir', dir, 'config', 'set', 'users-permissions.register.allowedFields', '[nickname, age]']);
  assert.is(set.code, 0, set.stderr);
  assert.is(set.stdout, 'Set users-permissions.register.allowedFields = ["nickname","age"] in config/users-permissions.yaml. Restart `folio serve` for it to take effect.\n');
  const back = await folio(['--dir', dir, 'config', 'get', 'users-permissions.register.allowedFields', '--json']);
  assert.equal(JSON.parse(back.stdout), ['nickname', 'age']);
  assert.match(await readFile(join(dir, 'config/users-permissions.yaml'), 'utf8'), /jwtManagement: legacy-support/, 'the rest of the file is kept');

  const live = await folio(['--dir', dir, 'config', 'set', 'i18n.defaultLocale', 'en']);
  assert.match(live.stdout, /A running server picks it up now\./);
});

config('set when the value is invalid then exit 1 naming file and key, and nothing changes', async () => {
  const before = await readFile(join(dir, 'config/users-permissions.yaml'), 'utf8');
  const result = await folio(['--dir', dir, 'config', 'set', 'users-permissions.jwtManagement', 'sessions']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: config/users-permissions.yaml: jwtManagement must be one of "legacy-support", "legacy", "refresh", got "sessions"\n');
  assert.is(await readFile(join(dir, 'config/users-permissions.yaml'), 'utf8'), before);
});

config('set takes a provider scope as the space-separated string providers document, or as a list', async () => {
  for (const value of ['openid email profile', '[openid, email, profile]']) {
    const set = await folio(['--dir', dir, 'config', 'set', 'users-permissions.providers.github.scope', value]);
    assert.is(set.code, 0, set.stderr);
  }
  const string = await folio(['--dir', dir, 'config', 'set', 'users-permissions.providers.github.scope', 'read:user  user:email']);
  assert.is(string.code, 0, string.stderr);
  assert.match(await readFile(join(dir, 'config/users-permissions.yaml'), 'utf8'), /scope: read:user {2}user:email/, 'written as given');
  const empty = await folio(['--dir', dir, 'config', 'set', 'users-permissions.providers.github.scope', "' '"]);
  assert.is(empty.code, 1);
  assert.match(empty.stderr, /providers\.github\.scope must be scopes like "openid email profile" or a list of them/);
});

config('get when the key is unknown then exit 1 with a suggestion', async () => {
  const result = await folio(['--dir', dir, 'config', 'get', 'server.prot']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: server.prot is not a known setting; did you mean "port"?\n');
});

config.run();
