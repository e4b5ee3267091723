import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defaults, loadConfig } from '../../src/config/index.js';
import { expectError, tempDir } from '../_helpers/index.js';

async function projectWith(files: Record<string, string>) {
  const tmp = await tempDir();
  await mkdir(join(tmp.path, 'config'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(tmp.path, 'config', name), text);
  return tmp;
}

async function loadError(files: Record<string, string>, options = {}): Promise<string> {
  const tmp = await projectWith(files);
  try {
    return (await expectError(loadConfig(tmp.path, options), Error)).message;
  } finally {
    await tmp.cleanup();
  }
}

const layering = suite('loadConfig(dir, options)');

layering('should answer the documented defaults for a project without config files', async () => {
  const tmp = await projectWith({});
  const config = await loadConfig(tmp.path);
  assert.is(config.server.host, '127.0.0.1');
  assert.is(config.server.port, 1337);
  assert.is(config.server.bodyLimit, '1mb');
  assert.is(config.usersPermissions.jwt.expiresIn, '30d');
  assert.is(config.usersPermissions.jwtManagement, 'legacy-support');
  assert.is(config.usersPermissions.sessions.accessTokenLifespan, 600);
  assert.is(config.usersPermissions.sessions.cookie.name, 'strapi_up_refresh');
  assert.is(config.usersPermissions.ratelimit.max, 5);
  assert.is(config.usersPermissions.ratelimit.interval, 300000);
  assert.is(config.usersPermissions.advanced.defaultRole, 'authenticated');
  assert.is(config.email.transport, 'outbox');
  assert.equal(config.i18n, { locales: [{ code: 'en', name: 'English (en)' }], defaultLocale: 'en' });
  assert.equal(config.api.rest, { defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false, localeDocumentAsArray: true, componentIds: false });
  await tmp.cleanup();
});

layering('should layer config files over defaults, environment over files, and flags over both', async () => {
  const tmp = await projectWith({ 'server.yaml': 'host: 0.0.0.0\nport: 4000\n', 'users-permissions.yaml': 'jwtSecret: from-file\n' });
  const fromFile = await loadConfig(tmp.path);
  assert.is(fromFile.server.port, 4000);
  assert.is(fromFile.server.host, '0.0.0.0');
  assert.is(fromFile.usersPermissions.jwt.expiresIn, '30d', 'a sibling key keeps its default');

  const fromEnv = await loadConfig(tmp.path, { env: { PORT: '5000', JWT_SECRET: 'from-env', PUBLIC_URL: 'https://cms.example.com/' } });
  assert.is(fromEnv.server.port, 5000);
  assert.is(fromEnv.server.host, '0.0.0.0');
  assert.is(fromEnv.usersPermissions.jwtSecret, 'from-env');
  assert.is(fromEnv.server.url, 'https://cms.example.com', 'the trailing slash is dropped');

  const fromFlags = await loadConfig(tmp.path, { env: { PORT: '5000' }, overrides: { port: 0, host: '::1' } });
  assert.is(fromFlags.server.port, 0);
  assert.is(fromFlags.server.host, '::1');
  await tmp.cleanup();
});

layering('should not let a loaded config change the shared defaults', async () => {
  const tmp = await projectWith({ 'i18n.yaml': 'locales: [{ code: en }, { code: fr }]\ndefaultLocale: fr\n' });
  const config = await loadConfig(tmp.path);
  assert.equal(config.i18n.locales, [{ code: 'en', name: 'English (en)' }, { code: 'fr', name: 'French (fr)' }]);
  assert.is(defaults.i18n.defaultLocale, 'en');
  assert.ok(Object.isFrozen(defaults.server));
  await tmp.cleanup();
});

layering('should accept "legacy" as Strapi\'s "legacy-support"', async () => {
  const tmp = await projectWith({ 'users-permissions.yaml': 'jwtManagement: legacy\n' });
  assert.is((await loadConfig(tmp.path)).usersPermissions.jwtManagement, 'legacy-support');
  await tmp.cleanup();
});

layering.run();

const errors = suite('loadConfig errors');

errors('when a value has the wrong type then the message names the file and the key', async () => {
  assert.is(await loadError({ 'server.yaml': 'port: abc\n' }), 'config/server.yaml: port must be an integer from 0 to 65535, got "abc"');
  assert.is(
    await loadError({ 'users-permissions.yaml': 'ratelimit:\n  enabled: yes please\n' }),
    'config/users-permissions.yaml: ratelimit.enabled must be true or false, got "yes please"',
  );
  assert.is(
    await loadError({ 'users-permissions.yaml': 'jwtManagement: sessions\n' }),
    'config/users-permissions.yaml: jwtManagement must be one of "legacy-support", "legacy", "refresh", got "sessions"',
  );
  assert.is(await loadError({ 'api.yaml': 'rest:\n  componentIds: "yes"\n' }), 'config/api.yaml: rest.componentIds must be true or false, got "yes"');
});

errors('when a key is unknown then the message names it and suggests the closest one', async () => {
  assert.is(await loadError({ 'server.yaml': 'prot: 80\n' }), 'config/server.yaml: prot is not a known setting; did you mean "port"?');
  assert.is(await loadError({ 'api.yaml': 'rest:\n  maxLimt: 10\n' }), 'config/api.yaml: rest.maxLimt is not a known setting; did you mean "maxLimit"?');
});

errors('when a list entry is wrong then the key includes its index', async () => {
  assert.is(
    await loadError({ 'i18n.yaml': 'locales:\n  - code: en\n  - code: not a code\n' }),
    'config/i18n.yaml: locales.1.code must be a locale code like "en", "fr" or "pt-BR", got "not a code"',
  );
});

errors('when the YAML is broken then the message names the file and the line of the mistake, not where the parser stopped', async () => {
  assert.is(
    await loadError({ 'i18n.yaml': 'locales: [{ code: en }, { code: fr }\ndefaultLocale: en\n' }),
    'config/i18n.yaml: line 1: the [ at column 10 is never closed (Flow sequence in block collection must be sufficiently indented and end with a ])',
  );
  assert.is(
    await loadError({ 'server.yaml': 'host: "127.0.0.1\nport: 1337\nproxy: false\n' }),
    'config/server.yaml: line 1: the " at column 7 is never closed (Missing closing "quote)',
  );
  assert.is(
    await loadError({ 'email.yaml': 'transport: smtp\nsmtp:\n  host: mail.example.com\n port: 25\n' }),
    'config/email.yaml: line 4: All mapping items must start at the same column',
  );
});

errors('when the default locale is not among the locales then it says so', async () => {
  assert.is(
    await loadError({ 'i18n.yaml': 'locales: [{ code: en }]\ndefaultLocale: fr\n' }),
    'config/i18n.yaml: defaultLocale "fr" is not one of the locales (en)',
  );
  assert.is(await loadError({ 'i18n.yaml': 'locales: [{ code: en }, { code: en }]\n' }), 'config/i18n.yaml: locales.1.code "en" is listed twice');
});

errors('when defaultLimit exceeds maxLimit then it says so', async () => {
  assert.is(
    await loadError({ 'api.yaml': 'rest: { defaultLimit: 50, maxLimit: 10 }\n' }),
    'config/api.yaml: rest.defaultLimit (50) must not be larger than rest.maxLimit (10)',
  );
});

errors('when an environment variable is wrong then the message names the variable', async () => {
  assert.is(await loadError({}, { env: { PORT: 'eighty' } }), 'environment variable PORT: must be an integer from 0 to 65535, got "eighty"');
  assert.is(await loadError({}, { env: { PUBLIC_URL: 'ftp://x' } }), 'environment variable PUBLIC_URL: must be an http(s) URL, got "ftp://x"');
});

errors('when a file is not a mapping then it says so', async () => {
  assert.is(await loadError({ 'server.yaml': '- 1\n- 2\n' }), 'config/server.yaml: must be a mapping, got [1,2]');
});

errors.run();
