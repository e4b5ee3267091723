/** `folio user create|list|block|unblock|delete` through the real binary (run `npm run build` first). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { userMessages as m } from '../../src/users/index.js';
import { permissionMessages } from '../../src/permissions/index.js';
import { issueToken } from '../../src/auth/index.js';
import { eventually, folio, initProject, readEnvFile, request, type FolioResult } from '../_helpers/index.js';
import { serve } from '../_helpers/server.js';

let dir: string;
let cleanup: () => Promise<void>;

const PASSWORD = 'lovelace-secret-1';
const stored = async () => JSON.parse(await readFile(join(dir, 'data/users.json'), 'utf8')) as { rows: Array<Record<string, unknown>> };
const createAda = (...extra: string[]) => folio(['--dir', dir, 'user', 'create', '--username', 'ada', '--email', 'Ada@Example.com', '--password', PASSWORD, ...extra]);

/** Nothing a command prints may carry the password or its hash. */
function assertNoSecret(result: FolioResult): void {
  for (const text of [result.stdout, result.stderr]) {
    assert.not.ok(text.includes(PASSWORD), 'the password is never printed');
    assert.not.ok(text.includes('$scrypt$'), 'the hash is never printed');
    assert.not.match(text, /password|resetPasswordToken|confirmationToken/i);
  }
}

function userCommands(name: string) {
  const s = suite(name);
  s.before.each(async () => {
    ({ dir, cleanup } = await initProject());
  });
  s.after.each(() => cleanup());
  return s;
}

// ---------------------------------------------------------------------------------------------
const create = userCommands('folio user create');

create('should create a local user with a hashed password and print one line', async () => {
  const result = await createAda();
  assert.is(result.code, 0, result.stderr);
  assert.is(result.stdout, 'Created user 1 (ada <ada@example.com>) with role Authenticated.\n');
  assertNoSecret(result);
  const [user] = (await stored()).rows;
  assert.match(String(user!.password), /^\$scrypt\$N=\d+,r=\d+,p=\d+\$/);
  assert.is(user!.email, 'ada@example.com');
  assert.is(user!.provider, 'local');
  assert.is(user!.confirmed, false);
  assert.is(user!.blocked, false);
});

create('with --json should print the sanitized user with its role', async () => {
  const result = await createAda('--json', '--confirmed', '--blocked');
  assert.is(result.code, 0, result.stderr);
  assertNoSecret(result);
  const user = JSON.parse(result.stdout);
  assert.equal(Object.keys(user), ['id', 'documentId', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt', 'updatedAt', 'publishedAt', 'role']);
  assert.is(user.confirmed, true);
  assert.is(user.blocked, true);
  assert.equal(Object.keys(user.role), ['id', 'documentId', 'name', 'description', 'type', 'createdAt', 'updatedAt', 'publishedAt']);
  assert.is(user.role.type, 'authenticated');
});

create('should take --role as a type, a name or an id, with --dir after the subcommand', async () => {
  const byType = await folio(['user', 'create', '--username', 'one', '--email', 'one@example.com', '--password', PASSWORD, '--role', 'public', '--dir', dir, '--json']);
  assert.is(byType.code, 0, byType.stderr);
  assert.is(JSON.parse(byType.stdout).role.type, 'public');
  const byName = await folio(['--dir', dir, 'user', 'create', '--username', 'two', '--email', 'two@example.com', '--password', PASSWORD, '--role', 'PUBLIC', '--json']);
  assert.is(JSON.parse(byName.stdout).role.name, 'Public');
  const publicId = JSON.parse(byName.stdout).role.id;
  const byId = await folio(['--dir', dir, 'user', 'create', '--username', 'three', '--email', 'three@example.com', '--password', PASSWORD, '--role', String(publicId), '--json']);
  assert.is(JSON.parse(byId.stdout).role.id, publicId);
});

create('when the role does not exist then exit 1 with one line naming it, and nothing is stored', async () => {
  const result = await createAda('--role', 'editor');
  assert.is(result.code, 1);
  assert.is(result.stderr, `folio: ${permissionMessages.unknownRole('editor', ['authenticated', 'public'], '')}\n`);
  assert.is(result.stdout, '');
  assert.equal((await stored().catch(() => ({ rows: [] }))).rows, []);
});

create('when the email is taken then exit 1 with "Email already taken"', async () => {
  await createAda();
  const result = await folio(['--dir', dir, 'user', 'create', '--username', 'ada2', '--email', 'ADA@example.com', '--password', PASSWORD]);
  assert.is(result.code, 1);
  assert.is(result.stderr, `folio: ${m.emailTaken}\n`);
  assertNoSecret(result);
});

create('when the username is taken then exit 1 with "Username already taken"', async () => {
  await createAda();
  const result = await folio(['--dir', dir, 'user', 'create', '--username', 'ada', '--email', 'other@example.com', '--password', PASSWORD]);
  assert.is(result.code, 1);
  assert.is(result.stderr, `folio: ${m.usernameTaken}\n`);
});

create('when several values are wrong then one line lists every problem, without the password', async () => {
  const result = await folio(['--dir', dir, 'user', 'create', '--username', 'al', '--email', 'someone@example.com', '--password', 'abc']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: username must be at least 3 characters; password must be at least 6 characters\n');
  const tooLong = await folio(['--dir', dir, 'user', 'create', '--username', 'ada', '--email', 'ada@example.com', '--password', 'x'.repeat(73)]);
  assert.is(tooLong.stderr, `folio: ${m.passwordTooLong}\n`);
});

create('without a terminal, a missing value is an error naming its flag', async () => {
  for (const [args, flag] of [
    [['--email', 'a@example.com', '--password', PASSWORD], '--username <u>'],
    [['--username', 'ada', '--password', PASSWORD], '--email <e>'],
    [['--username', 'ada', '--email', 'a@example.com'], '--password <p>'],
  ] as const) {
    const result = await folio(['--dir', dir, 'user', 'create', ...args]);
    assert.is(result.code, 1);
    assert.ok(result.stderr.startsWith(`folio: missing ${flag}`), result.stderr);
    assert.is(result.stderr.split('\n').length, 2, 'one line');
  }
});

create('when processes create the same email at once then exactly one succeeds', async () => {
  const results = await Promise.all(
    ['one', 'two', 'three', 'four'].map((name) => folio(['--dir', dir, 'user', 'create', '--username', name, '--email', 'same@example.com', '--password', PASSWORD])),
  );
  assert.is(results.filter((result) => result.code === 0).length, 1, results.map((result) => result.stderr).join(''));
  for (const result of results.filter((r) => r.code !== 0)) assert.is(result.stderr, `folio: ${m.emailTaken}\n`);
  assert.is((await stored()).rows.length, 1);
});

create.run();

// ---------------------------------------------------------------------------------------------
const list = userCommands('folio user list');

list('should show id, username, email, role name, confirmed and blocked', async () => {
  await createAda('--confirmed');
  await folio(['--dir', dir, 'user', 'create', '--username', 'bob', '--email', 'bob@example.com', '--password', PASSWORD, '--role', 'public', '--blocked']);
  const result = await folio(['--dir', dir, 'user', 'list']);
  assert.is(result.code, 0, result.stderr);
  assertNoSecret(result);
  assert.match(result.stdout, /^ID\s+USERNAME\s+EMAIL\s+ROLE\s+CONFIRMED\s+BLOCKED\n1\s+ada\s+ada@example\.com\s+Authenticated\s+yes\s+no\n2\s+bob\s+bob@example\.com\s+Public\s+no\s+yes\n$/);
});

list('with --json should print sanitized users with their role, and never a secret', async () => {
  await createAda();
  const result = await folio(['--dir', dir, 'user', 'list', '--json']);
  assert.is(result.code, 0, result.stderr);
  assertNoSecret(result);
  const [user] = JSON.parse(result.stdout);
  assert.is(user.username, 'ada');
  assert.is(user.role.name, 'Authenticated');
  assert.not.ok('password' in user);
});

list('with no users should say so', async () => {
  const result = await folio(['--dir', dir, 'user', 'list']);
  assert.is(result.stdout, 'No users.\n');
  assert.equal(JSON.parse((await folio(['--dir', dir, 'user', 'list', '--json'])).stdout), []);
});

list.run();

// ---------------------------------------------------------------------------------------------
const block = userCommands('folio user block and unblock');

block('should block by email and unblock by id', async () => {
  await createAda();
  const blocked = await folio(['--dir', dir, 'user', 'block', 'ADA@example.com']);
  assert.is(blocked.code, 0, blocked.stderr);
  assert.is(blocked.stdout, 'Blocked user 1 (ada).\n');
  assert.is((await stored()).rows[0]!.blocked, true);
  const unblocked = await folio(['--dir', dir, 'user', 'unblock', '1', '--json']);
  assert.is(unblocked.code, 0, unblocked.stderr);
  assertNoSecret(unblocked);
  assert.is(JSON.parse(unblocked.stdout).blocked, false);
  assert.is((await stored()).rows[0]!.blocked, false);
});

block('when no user matches then exit 1 naming the value', async () => {
  const result = await folio(['--dir', dir, 'user', 'block', 'nobody@example.com']);
  assert.is(result.code, 1);
  assert.is(result.stderr, `folio: ${m.noUserMatching('nobody@example.com')}\n`);
});

block.run();

// ---------------------------------------------------------------------------------------------
const remove = userCommands('folio user delete');

remove('should delete by id or email without asking when there is no terminal', async () => {
  await createAda();
  await folio(['--dir', dir, 'user', 'create', '--username', 'bob', '--email', 'bob@example.com', '--password', PASSWORD]);
  const byEmail = await folio(['--dir', dir, 'user', 'delete', 'bob@example.com']);
  assert.is(byEmail.code, 0, byEmail.stderr);
  assert.is(byEmail.stdout, 'Deleted user 2 (bob).\n');
  const byId = await folio(['--dir', dir, 'user', 'delete', '1', '--json']);
  assert.is(byId.code, 0, byId.stderr);
  assertNoSecret(byId);
  assert.is(JSON.parse(byId.stdout).username, 'ada');
  assert.equal((await stored()).rows, []);
});

remove('when no user matches then exit 1 naming the value', async () => {
  const result = await folio(['--dir', dir, 'user', 'delete', '5']);
  assert.is(result.code, 1);
  assert.is(result.stderr, `folio: ${m.noUserMatching('5')}\n`);
});

remove.run();

// ---------------------------------------------------------------------------------------------
const live = userCommands('folio user while folio serve runs');


live('should create and block users that the running server then follows', async () => {
  const server = await serve(dir);
  try {
    const { JWT_SECRET } = await readEnvFile(dir); // the secret folio init generated
    const headers = { authorization: `Bearer ${issueToken({ secret: JWT_SECRET!, expiresIn: '1h' }, 1)}` };
    const status = async () => (await request(`${server.url}/api/i18n/locales`, { headers })).status;
    assert.is(await status(), 401, 'no user 1 yet');

    const created = await createAda();
    assert.is(created.code, 0, created.stderr);
    await eventually(async () => (await status()) !== 401, 'the new user');

    const blocked = await folio(['--dir', dir, 'user', 'block', '1']);
    assert.is(blocked.code, 0, blocked.stderr);
    await eventually(async () => (await status()) === 401, 'the user blocked');
  } finally {
    await server.stop();
  }
});

live.run();
