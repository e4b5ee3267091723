// config/database.yaml and DATABASE_URL: which store a project uses, and where its database is.
// A password never shows in a message, and one written in config/ is warned about.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/index.js';
import { expectError, folio, initProject, tempDir } from '../_helpers/index.js';

async function load(yaml: string | undefined, options: Parameters<typeof loadConfig>[1] = {}) {
  const tmp = await tempDir();
  await mkdir(join(tmp.path, 'config'));
  if (yaml !== undefined) await writeFile(join(tmp.path, 'config/database.yaml'), yaml);
  try {
    return await loadConfig(tmp.path, options);
  } finally {
    await tmp.cleanup();
  }
}

const test = suite('config/database.yaml');

test('a project without the file should use the files store, with Strapi-like connection defaults', async () => {
  const { database } = await load(undefined);
  assert.equal(database, {
    client: 'files',
    connection: { connectionString: null, host: '127.0.0.1', port: 5432, database: 'foliocms', user: 'postgres', password: null, ssl: false, schema: 'public' },
    pool: { min: 0, max: 10 },
  });
});

test('client postgres with separate keys should be read, the password from .env through env:NAME', async () => {
  const { database } = await load('client: postgres\nconnection:\n  host: db.internal\n  database: site\n  user: folio\n  password: env:DATABASE_PASSWORD\n  schema: cms\npool:\n  max: 4\n', { env: { DATABASE_PASSWORD: 'pw-from-env' } });
  assert.is(database.client, 'postgres');
  assert.equal(database.connection, { connectionString: null, host: 'db.internal', port: 5432, database: 'site', user: 'folio', password: 'pw-from-env', ssl: false, schema: 'cms' });
  assert.equal(database.pool, { min: 0, max: 4 });
});

test('DATABASE_URL should switch the client to postgres and win over the file', async () => {
  const { database } = await load('client: files\nconnection:\n  host: elsewhere\n', { env: { DATABASE_URL: 'postgres://folio:pw@127.0.0.1:6543/site' } });
  assert.is(database.client, 'postgres');
  assert.is(database.connection.connectionString, 'postgres://folio:pw@127.0.0.1:6543/site');
});

test('a password written in config/ should keep working and be warned about once, without its value', async () => {
  const warnings: string[] = [];
  const secret = 'literal-password-123';
  const { database } = await load(`client: postgres\nconnection:\n  password: ${secret}\n  connectionString: postgres://folio:${secret}@db/site\n`, { warn: (message) => warnings.push(message) });
  assert.is(database.connection.password, secret);
  assert.equal(warnings, [
    'config/database.yaml: connection.password holds a secret in a versioned file; move it to .env as DATABASE_PASSWORD and write password: env:DATABASE_PASSWORD',
    'config/database.yaml: connection.connectionString holds a secret in a versioned file; move it to .env as DATABASE_URL',
  ]);
});

test('a connection URL without a password should not be taken for a secret', async () => {
  const warnings: string[] = [];
  await load('client: postgres\nconnection:\n  connectionString: postgres://db.internal/site\n', { warn: (message) => warnings.push(message) });
  assert.equal(warnings, []);
});

test('bad values should be refused naming the file and key, and a URL that may hold a password is never shown', async () => {
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ['client: mysql\n', {}, /config\/database\.yaml: client must be one of "files", "postgres", got "mysql"/],
    ['connection:\n  port: 0\n', {}, /connection\.port must be an integer from 1 to 65535/],
    ['connection:\n  schema: "public; drop"\n', {}, /connection\.schema must be a schema name/],
    ['pool:\n  min: 5\n  max: 2\n', {}, /pool\.min \(5\) must not be larger than pool\.max \(2\)/],
    ['connection:\n  connectionString: "mysql://u:hunter2@db/site"\n', {}, /connection\.connectionString must be a URL like postgres:\/\/user:password@host:5432\/database \(the value is not shown/],
    ['', { DATABASE_URL: 'not a url hunter2' }, /environment variable DATABASE_URL: must be a URL like postgres:/],
  ];
  for (const [yaml, env, expected] of cases) {
    const message = (await expectError(load(yaml, { env }), Error)).message;
    assert.match(message, expected);
    assert.not.match(message, /hunter2/, 'the value is not shown');
  }
});

test('folio config set should write config/database.yaml, and never print a password back', async () => {
  const project = await initProject();
  try {
    assert.is((await folio(['config', 'set', 'database.client', 'postgres', '--dir', project.dir])).code, 0);
    const set = await folio(['config', 'set', 'database.connection.password', 'typed-password-9', '--dir', project.dir]);
    assert.is(set.code, 0, set.stderr);
    assert.not.ok(set.stdout.includes('typed-password-9') || set.stderr.includes('typed-password-9'), set.stdout + set.stderr);
    assert.match(set.stderr, /connection\.password holds a secret in a versioned file; move it to \.env as DATABASE_PASSWORD/);
    assert.match(await readFile(join(project.dir, 'config/database.yaml'), 'utf8'), /^client: postgres\n/);
  } finally {
    await project.cleanup();
  }
});

test.run();
