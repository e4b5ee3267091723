import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile, realpath, stat, symlink, writeFile, mkdir } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { parse } from 'yaml';
import { folio, folioBin, readEnvFile, tempDir } from '../_helpers/index.js';

const init = suite('folio init [dir]');

init('should scaffold config, content-types, data with the built-in roles, and a generated JWT secret', async () => {
  const tmp = await tempDir();
  const dir = join(tmp.path, 'site');
  const result = await folio(['init', dir, '--yes']);
  assert.is(result.code, 0, result.stderr);
  assert.match(result.stdout, /Created a foliocms project in /);
  // Never npx: outside a clone it fetches an unrelated package named folio (the next step's forms are below).
  assert.match(result.stdout, /Next: \S.* --dir \S+ serve\n$/);
  assert.not.match(result.stdout, /npx/);
  assert.is(result.stderr, '');

  const env = await readEnvFile(dir);
  assert.type(env.JWT_SECRET, 'string');
  assert.ok(env.JWT_SECRET!.length >= 40, 'a long random secret');
  assert.is((await stat(join(dir, '.env'))).mode & 0o077, 0, 'the secret is not readable by others');
  assert.not.ok('jwtSecret' in parse(await readFile(join(dir, 'config/users-permissions.yaml'), 'utf8')), 'the secret is not in config/');
  assert.equal(parse(await readFile(join(dir, 'config/i18n.yaml'), 'utf8')), { locales: [{ code: 'en', name: 'English (en)' }], defaultLocale: 'en' });
  assert.ok((await stat(join(dir, 'content-types/components'))).isDirectory());

  const roles = JSON.parse(await readFile(join(dir, 'data/roles.json'), 'utf8'));
  assert.equal(roles.rows.map((role: { name: string; type: string }) => [role.name, role.type]), [['Authenticated', 'authenticated'], ['Public', 'public']]);
  const permissions = JSON.parse(await readFile(join(dir, 'data/permissions.json'), 'utf8'));
  const publicId = roles.rows.find((role: { type: string }) => role.type === 'public').id;
  const publicActions = permissions.rows.filter((row: { role: number }) => row.role === publicId).map((row: { action: string }) => row.action);
  assert.ok(publicActions.includes('plugin::users-permissions.auth.register'));
  assert.ok(publicActions.includes('plugin::users-permissions.auth.callback'));
  assert.not.ok(publicActions.includes('plugin::users-permissions.user.me'));
  const authenticatedActions = permissions.rows.filter((row: { role: number }) => row.role !== publicId).map((row: { action: string }) => row.action);
  assert.ok(authenticatedActions.includes('plugin::users-permissions.user.me'));
  assert.ok(authenticatedActions.includes('plugin::users-permissions.auth.changePassword'));

  const second = await folio(['init', join(tmp.path, 'other'), '--yes']);
  assert.is(second.code, 0);
  const other = await readEnvFile(join(tmp.path, 'other'));
  assert.is.not(other.JWT_SECRET, env.JWT_SECRET, 'each project gets its own secret');
  assert.is.not(other.API_TOKEN_SALT, env.API_TOKEN_SALT, 'and its own salt');
  await tmp.cleanup();
});

init('should take the target from --dir when no directory is given, and honour --default-locale', async () => {
  const tmp = await tempDir();
  const result = await folio(['--dir', join(tmp.path, 'site'), 'init', '--default-locale', 'fr']);
  assert.is(result.code, 0, result.stderr);
  assert.equal(parse(await readFile(join(tmp.path, 'site/config/i18n.yaml'), 'utf8')), { locales: [{ code: 'fr', name: 'French (fr)' }], defaultLocale: 'fr' });
  await tmp.cleanup();
});

init('should print JSON with --json', async () => {
  const tmp = await tempDir();
  const result = await folio(['init', join(tmp.path, 'site'), '--json']);
  assert.is(result.code, 0, result.stderr);
  assert.is(JSON.parse(result.stdout).defaultLocale, 'en');
  await tmp.cleanup();
});

init('when the directory is not empty then exit 1 with one line and touch nothing', async () => {
  const tmp = await tempDir();
  await mkdir(join(tmp.path, 'site'));
  await writeFile(join(tmp.path, 'site', 'notes.txt'), 'mine');
  const result = await folio(['init', join(tmp.path, 'site'), '--yes']);
  assert.is(result.code, 1);
  assert.match(result.stderr, /^folio: .*site is not empty; choose a new directory for the project\n$/);
  assert.is(result.stdout, '');
  assert.not.ok(await stat(join(tmp.path, 'site', 'config')).catch(() => false), 'nothing was scaffolded');
  await tmp.cleanup();
});

init('when the default locale is not a locale code then exit 1 naming it', async () => {
  const tmp = await tempDir();
  const result = await folio(['init', join(tmp.path, 'site'), '--default-locale', 'not a code']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: "not a code" is not a locale code; use a code like "en", "fr" or "pt-BR"\n');
  await tmp.cleanup();
});

init.run();

const nextStep = suite('folio init: the next step it prints');

/** A folder for PATH holding `folio`: a link to `target`, or a script of another package's when none. */
async function pathWithFolio(folder: string, target?: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  if (target) await symlink(target, join(folder, 'folio'));
  else await writeFile(join(folder, 'folio'), '#!/bin/sh\necho another folio\n', { mode: 0o755 });
  return folder;
}

nextStep('when no folio on PATH is this one then it should run this one by its path, never npx', async () => {
  const tmp = await tempDir();
  const other = await pathWithFolio(join(tmp.path, 'other-bin'));
  const dir = join(tmp.path, 'site');
  const result = await folio(['init', dir, '--yes'], { env: { PATH: other } });
  assert.is(result.code, 0, result.stderr);
  const bin = await realpath(folioBin);
  assert.is(result.stdout, `Created a foliocms project in ${dir}. Next: node ${bin} --dir ${dir} serve\n`);
  await tmp.cleanup();
});

nextStep('when the folio on PATH is this one (installed globally) then it should say `folio`', async () => {
  const tmp = await tempDir();
  const global = await pathWithFolio(join(tmp.path, 'global-bin'), folioBin);
  const result = await folio(['init', 'site', '--yes'], { cwd: tmp.path, env: { PATH: global } });
  assert.is(result.code, 0, result.stderr);
  assert.is(result.stdout, 'Created a foliocms project in site. Next: folio --dir site serve\n');
  await tmp.cleanup();
});

nextStep('when another folio is first on PATH, or npm put this one there for its run, then not `folio`', async () => {
  const tmp = await tempDir();
  const first = await pathWithFolio(join(tmp.path, 'other-bin'));
  const global = await pathWithFolio(join(tmp.path, 'global-bin'), folioBin);
  const path = [first, global].join(delimiter);
  const shadowed = await folio(['init', 'one', '--yes'], { cwd: tmp.path, env: { PATH: path } });
  assert.match(shadowed.stdout, /Next: node \S+ --dir one serve\n$/);
  // npm and npx put node_modules/.bin folders on PATH while they run; the user's shell has none.
  const npmBin = await pathWithFolio(join(tmp.path, 'project/node_modules/.bin'), folioBin);
  const underNpm = await folio(['init', 'two', '--yes'], { cwd: tmp.path, env: { PATH: npmBin } });
  assert.match(underNpm.stdout, /Next: node \S+ --dir two serve\n$/);
  await tmp.cleanup();
});

nextStep('should quote a directory for the shell when it needs it', async () => {
  const tmp = await tempDir();
  const result = await folio(['init', "Ada's site", '--yes'], { cwd: tmp.path, env: { PATH: '' } });
  assert.is(result.code, 0, result.stderr);
  assert.match(result.stdout, / --dir 'Ada'\\''s site' serve\n$/);
  await tmp.cleanup();
});

nextStep.run();

const program = suite('folio (program)');

program('should print help and exit 0', async () => {
  const result = await folio(['--help']);
  assert.is(result.code, 0);
  for (const command of ['init', 'serve', 'content-type', 'locale', 'config']) assert.match(result.stdout, new RegExp(`\\n  ${command}`));
});

program('when the command is unknown then exit 1 with a short message and no stack trace', async () => {
  const result = await folio(['lcoale', 'list']);
  assert.is(result.code, 1);
  assert.match(result.stderr, /unknown command 'lcoale'/);
  assert.not.match(result.stderr, /\n\s+at /);
});

program('when an option is unknown then exit 1', async () => {
  const result = await folio(['locale', 'list', '--colour']);
  assert.is(result.code, 1);
  assert.match(result.stderr, /unknown option '--colour'/);
});

program('when the project directory does not exist then exit 1 saying how to create it', async () => {
  const result = await folio(['--dir', 'nowhere', 'serve']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: nowhere does not exist; create a project with `folio init nowhere`\n');
});

program('when the directory is not a project then exit 1 saying so', async () => {
  const tmp = await tempDir();
  const result = await folio(['--dir', tmp.path, 'locale', 'list']);
  assert.is(result.code, 1);
  assert.match(result.stderr, /is not a foliocms project \(it has no config\/ folder\); create one with `folio init /);
  await tmp.cleanup();
});

program.run();
