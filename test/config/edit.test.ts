import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getConfigValue, loadConfig, parseConfigKey, setConfigValue } from '../../src/config/index.js';
import { expectError, tempDir } from '../_helpers/index.js';

async function project(files: Record<string, string> = {}) {
  const tmp = await tempDir();
  await mkdir(join(tmp.path, 'config'));
  await mkdir(join(tmp.path, 'data'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(tmp.path, 'config', name), text);
  return { ...tmp, data: join(tmp.path, 'data'), read: (name: string) => readFile(join(tmp.path, 'config', name), 'utf8') };
}

const parse = suite('parseConfigKey(dotted)');

parse('should split the file from the key inside it', () => {
  assert.equal(parseConfigKey('users-permissions.jwtManagement'), { file: 'users-permissions', path: ['jwtManagement'] });
  assert.equal(parseConfigKey('api.rest.maxLimit'), { file: 'api', path: ['rest', 'maxLimit'] });
  assert.equal(parseConfigKey('users-permissions.providers.github.enabled'), { file: 'users-permissions', path: ['providers', 'github', 'enabled'] });
});

parse('when the file is unknown then it lists the files and suggests one', () => {
  assert.throws(() => parseConfigKey('sever.port'), /"sever\.port" does not start with a config file name \(server, users-permissions, email, i18n, api, database, upload, graphql\); did you mean "server"\?/);
});

parse('when the key is unknown then it suggests the closest one', () => {
  assert.throws(() => parseConfigKey('users-permissions.jwtManagment'), /users-permissions\.jwtManagment is not a known setting; did you mean "jwtManagement"\?/);
});

parse.run();

const get = suite('getConfigValue(dir, key)');

get('should answer the file value, else the default', async () => {
  const p = await project({ 'server.yaml': 'port: 8080\n' });
  assert.is(await getConfigValue(p.path, 'server.port'), 8080);
  assert.is(await getConfigValue(p.path, 'server.host'), '127.0.0.1');
  assert.is(await getConfigValue(p.path, 'users-permissions.jwtManagement'), 'legacy-support');
  assert.equal(await getConfigValue(p.path, 'users-permissions.register.allowedFields'), []);
  assert.is(await getConfigValue(p.path, 'server.url'), null);
  await p.cleanup();
});

get.run();

const set = suite('setConfigValue(dir, dataDir, key, raw)');

set('should parse the value as YAML and write it, keeping comments and other keys', async () => {
  const p = await project({ 'users-permissions.yaml': '# my settings\njwtSecret: abc # keep me\n' });
  assert.is(await setConfigValue(p.path, p.data, 'users-permissions.jwtManagement', 'refresh'), 'refresh');
  assert.equal(await setConfigValue(p.path, p.data, 'users-permissions.register.allowedFields', '[nickname, age]'), ['nickname', 'age']);
  assert.is(await setConfigValue(p.path, p.data, 'users-permissions.ratelimit.max', '10'), 10);
  assert.is(await setConfigValue(p.path, p.data, 'users-permissions.advanced.emailConfirmation', 'true'), true);
  const text = await p.read('users-permissions.yaml');
  assert.match(text, /# my settings/);
  assert.match(text, /jwtSecret: abc # keep me/);
  const config = await loadConfig(p.path);
  assert.is(config.usersPermissions.jwtManagement, 'refresh');
  assert.equal(config.usersPermissions.register.allowedFields, ['nickname', 'age']);
  assert.is(config.usersPermissions.ratelimit.max, 10);
  assert.is(config.usersPermissions.ratelimit.interval, 300000);
  assert.is(config.usersPermissions.advanced.emailConfirmation, true);
  await p.cleanup();
});

set('should create the file when it does not exist yet', async () => {
  const p = await project();
  await setConfigValue(p.path, p.data, 'server.port', '4321');
  assert.is((await loadConfig(p.path)).server.port, 4321);
  await p.cleanup();
});

set('when the value is invalid then nothing is written and the message names the key', async () => {
  const p = await project({ 'server.yaml': 'port: 8080\n' });
  await expectError(setConfigValue(p.path, p.data, 'server.port', 'abc'), { type: Error, message: 'config/server.yaml: port must be an integer from 0 to 65535, got "abc"' });
  assert.is(await p.read('server.yaml'), 'port: 8080\n');
  await p.cleanup();
});

set('when the key names only a file then it asks for a key inside it', async () => {
  const p = await project();
  await expectError(setConfigValue(p.path, p.data, 'server', '1'), { type: Error, message: /name a key inside server/ });
  await p.cleanup();
});

set('when concurrent sets touch different keys of one file then none is lost', async () => {
  const p = await project();
  const keys = ['defaultLimit', 'maxLimit', 'withCount', 'strictParams', 'localeDocumentAsArray', 'componentIds'];
  const values = ['7', '70', 'false', 'true', 'false', 'true'];
  await Promise.all(keys.map((key, i) => setConfigValue(p.path, p.data, `api.rest.${key}`, values[i]!)));
  assert.equal((await loadConfig(p.path)).api.rest, { defaultLimit: 7, maxLimit: 70, withCount: false, strictParams: true, localeDocumentAsArray: false, componentIds: true });
  await p.cleanup();
});

set.run();
