import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openProjectData } from '../../src/project/index.js';
import { permissionMessages } from '../../src/permissions/index.js';
import { folio, initProject } from '../_helpers/index.js';
import { addUserRow } from '../_helpers/users.js';

const role = suite('folio role');
let dir: string;
let cleanup: () => Promise<void>;

role.before.each(async () => {
  ({ dir, cleanup } = await initProject());
});
role.after.each(() => cleanup());

const storedRoles = async () => JSON.parse(await readFile(join(dir, 'data/roles.json'), 'utf8')).rows as { id: number; name: string; type: string; description: string }[];

/** Users straight into data/users.json: the users commands are not what this file tests. */
async function addUsers(roleIds: number[]): Promise<void> {
  const data = await openProjectData(dir, { env: {} });
  for (const role of roleIds) await addUserRow(data, { role });
}

role('create should store the role with a type derived from its name', async () => {
  const result = await folio(['--dir', dir, 'role', 'create', 'Content Editor', '--description', 'Writes articles']);
  assert.is(result.code, 0, result.stderr);
  assert.is(result.stdout, 'Created role Content Editor (type content_editor).\n');
  const created = (await storedRoles()).find((row) => row.name === 'Content Editor');
  assert.equal([created?.type, created?.description], ['content_editor', 'Writes articles']);
});

role('create should take --type, and print the role with --json', async () => {
  const result = await folio(['role', 'create', 'Editor', '--type', 'writer', '--json', '--dir', dir]);
  assert.is(result.code, 0, result.stderr);
  const printed = JSON.parse(result.stdout);
  assert.equal([printed.name, printed.type, printed.description], ['Editor', 'writer', '']);
  assert.equal(Object.keys(printed), ['id', 'documentId', 'name', 'description', 'type', 'createdAt', 'updatedAt', 'publishedAt']);
});

role('create when the name is taken then exit 1 with one line, and nothing changes', async () => {
  const before = await readFile(join(dir, 'data/roles.json'), 'utf8');
  const result = await folio(['--dir', dir, 'role', 'create', 'public']);
  assert.is(result.code, 1);
  assert.is(result.stderr, `folio: ${permissionMessages.duplicateName('Public')}\n`);
  assert.is(await readFile(join(dir, 'data/roles.json'), 'utf8'), before);
});

role('create without a name and without a terminal then exit 1 naming the missing argument', async () => {
  const result = await folio(['--dir', dir, 'role', 'create']);
  assert.is(result.code, 1);
  assert.match(result.stderr, /^folio: missing <name>/);
});

role('list should show each role with its type, users count and description, or JSON with --json', async () => {
  await folio(['--dir', dir, 'role', 'create', 'Editor', '--description', 'Writes']);
  const authenticated = (await storedRoles()).find((row) => row.type === 'authenticated')!;
  await addUsers([authenticated.id, authenticated.id]);
  const human = await folio(['--dir', dir, 'role', 'list']);
  assert.is(human.code, 0, human.stderr);
  assert.match(
    human.stdout,
    /^ID\s+NAME\s+TYPE\s+USERS\s+DESCRIPTION\n1\s+Authenticated\s+authenticated\s+2\s+Default role given to authenticated user\.\n2\s+Public\s+public\s+0\s+Default role given to unauthenticated user\.\n3\s+Editor\s+editor\s+0\s+Writes\n$/,
  );
  const json = await folio(['--dir', dir, 'role', 'list', '--json']);
  assert.equal(
    JSON.parse(json.stdout).map((row: { type: string; nb_users: number }) => [row.type, row.nb_users]),
    [['authenticated', 2], ['public', 0], ['editor', 0]],
  );
});

role('delete should remove the role by name and move its users to Public', async () => {
  await folio(['--dir', dir, 'role', 'create', 'Editor']);
  const editor = (await storedRoles()).find((row) => row.type === 'editor')!;
  await addUsers([editor.id, editor.id]);
  const result = await folio(['--dir', dir, 'role', 'delete', 'editor']);
  assert.is(result.code, 0, result.stderr);
  assert.is(result.stdout, 'Deleted role Editor. Its 2 users now have the Public role.\n');
  assert.equal((await storedRoles()).map((row) => row.type), ['authenticated', 'public']);
  const publicId = (await storedRoles()).find((row) => row.type === 'public')!.id;
  const users = JSON.parse(await readFile(join(dir, 'data/users.json'), 'utf8')).rows as { role: number }[];
  assert.equal(users.map((user) => user.role), [publicId, publicId]);
});

role('delete should accept an id', async () => {
  await folio(['--dir', dir, 'role', 'create', 'Editor']);
  const result = await folio(['--dir', dir, 'role', 'delete', '3']);
  assert.is(result.code, 0, result.stderr);
  assert.is(result.stdout, 'Deleted role Editor.\n');
});

role('delete of the default role should warn on stderr that new users need another one', async () => {
  const result = await folio(['--dir', dir, 'role', 'delete', 'Authenticated']);
  assert.is(result.code, 0, result.stderr);
  assert.match(result.stderr, /^folio: warning: "authenticated" was the default role of new users/);
});

role('delete when the role is Public then exit 1: Cannot delete public role', async () => {
  const result = await folio(['--dir', dir, 'role', 'delete', 'public']);
  assert.is(result.code, 1);
  assert.is(result.stderr, `folio: ${permissionMessages.cannotDeletePublicRole}\n`);
  assert.is((await storedRoles()).length, 2);
});

role('delete when no role matches then exit 1 listing the roles with a suggestion', async () => {
  const result = await folio(['--dir', dir, 'role', 'delete', 'pubic']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: Role "pubic" does not exist (roles: authenticated, public); did you mean "public"?\n');
});

role.run();
