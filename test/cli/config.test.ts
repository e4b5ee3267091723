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

config('get of a secret written as it is should print [hidden] and warn as set does, never the value', async () => {
  const secret = 'a-literal-signing-key-0123456789';
  const set = await folio(['--dir', dir, 'config', 'set', 'users-permissions.jwtSecret', secret]);
  assert.is(set.code, 0, set.stderr);
  const warning = 'warning: config/users-permissions.yaml: jwtSecret holds a secret in a versioned file; ' +
    'move it to .env as JWT_SECRET\n';
  assert.is(set.stderr, warning);

  const yaml = await folio(['--dir', dir, 'config', 'get', 'users-permissions.jwtSecret']);
  assert.is(yaml.code, 0, yaml.stderr);
  assert.is(yaml.stdout, '"[hidden]"\n');
  assert.is(yaml.stderr, warning);
  const json = await folio(['--dir', dir, 'config', 'get', 'users-permissions.jwtSecret', '--json']);
  assert.is(JSON.parse(json.stdout), '[hidden]');
  const file = await folio(['--dir', dir, 'config', 'get', 'users-permissions', '--json']);
  assert.is(JSON.parse(file.stdout).jwtSecret, '[hidden]', 'also inside the setting that holds it');
  for (const result of [yaml, json, file]) assert.not.match(result.stdout + result.stderr, secret);
});

config('get should hide only the secrets in a setting: env:NAME values and URLs without a password show', async () => {
  const provider = '{ enabled: true, clientId: abc, clientSecret: a-literal-client-secret }';
  assert.is((await folio(['--dir', dir, 'config', 'set', 'users-permissions.providers.github', provider])).code, 0);
  const other = '{ enabled: true, clientId: def, clientSecret: env:GOOGLE_CLIENT_SECRET }';
  assert.is((await folio(['--dir', dir, 'config', 'set', 'users-permissions.providers.google', other])).code, 0);
  const providers = await folio(['--dir', dir, 'config', 'get', 'users-permissions.providers', '--json']);
  assert.is(providers.code, 0, providers.stderr);
  const { github, google } = JSON.parse(providers.stdout);
  assert.equal([github.clientId, github.clientSecret], ['abc', '[hidden]']);
  assert.equal([google.clientId, google.clientSecret], ['def', 'env:GOOGLE_CLIENT_SECRET']);
  assert.not.match(providers.stdout, 'a-literal-client-secret');
  assert.match(providers.stderr, /providers\.github\.clientSecret holds a secret/);
  assert.not.match(providers.stderr, /google/);

  assert.is((await folio(['--dir', dir, 'config', 'set', 'server.redis.url', 'redis://127.0.0.1:6379'])).code, 0);
  const plain = await folio(['--dir', dir, 'config', 'get', 'server.redis.url']);
  assert.equal([plain.stdout, plain.stderr], ['redis://127.0.0.1:6379\n', '']);
  const withPasswordUrl = 'redis://:pw-in-url@127.0.0.1:6379';
  assert.is((await folio(['--dir', dir, 'config', 'set', 'server.redis.url', withPasswordUrl])).code, 0);
  const withPassword = await folio(['--dir', dir, 'config', 'get', 'server.redis', '--json']);
  assert.equal(JSON.parse(withPassword.stdout).url, '[hidden]');
});

config('get when the key is unknown then exit 1 with a suggestion', async () => {
  const result = await folio(['--dir', dir, 'config', 'get', 'server.prot']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: server.prot is not a known setting; did you mean "port"?\n');
});

config.run();
