import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_PERMISSIONS, permissionMessages } from '../../src/permissions/index.js';
import { folio, initProject, request } from '../_helpers/index.js';
import { serve } from '../_helpers/server.js';

const NOTE = `kind: collectionType
info: { singularName: note, pluralName: notes }
options: { draftAndPublish: false }
attributes:
  text: { type: string }
`;

const permission = suite('folio permission');
let dir: string;
let cleanup: () => Promise<void>;

permission.before.each(async () => {
  ({ dir, cleanup } = await initProject());
  await mkdir(join(dir, 'content-types'), { recursive: true });
  await writeFile(join(dir, 'content-types/note.yaml'), NOTE);
});
permission.after.each(() => cleanup());

async function heldBy(type: string): Promise<string[]> {
  const roles = JSON.parse(await readFile(join(dir, 'data/roles.json'), 'utf8')).rows as { id: number; type: string }[];
  const id = roles.find((role) => role.type === type)!.id;
  const rows = JSON.parse(await readFile(join(dir, 'data/permissions.json'), 'utf8')).rows as { role: number; action: string }[];
  return rows.filter((row) => row.role === id).map((row) => row.action).sort();
}

permission('grant should give the role the actions, once however often it runs', async () => {
  const first = await folio(['--dir', dir, 'permission', 'grant', 'public', 'api::note.note.find', 'api::note.note.findOne']);
  assert.is(first.code, 0, first.stderr);
  assert.is(first.stdout, 'Granted to Public: api::note.note.find, api::note.note.findOne.\n');
  const second = await folio(['--dir', dir, 'permission', 'grant', 'Public', 'api::note.note.find']);
  assert.is(second.code, 0, second.stderr);
  assert.is(second.stdout, 'Public already held: api::note.note.find.\n');
  assert.equal(await heldBy('public'), [...DEFAULT_PERMISSIONS.public, 'api::note.note.find', 'api::note.note.findOne'].sort());
});

permission('grant should print what changed as JSON with --json', async () => {
  const result = await folio(['--dir', dir, 'permission', 'grant', 'authenticated', 'api::note.note.create', 'plugin::users-permissions.user.me', '--json']);
  assert.is(result.code, 0, result.stderr);
  const printed = JSON.parse(result.stdout);
  assert.is(printed.role.type, 'authenticated');
  assert.equal(printed.granted, ['api::note.note.create']);
  assert.equal(printed.alreadyGranted, ['plugin::users-permissions.user.me']);
});

permission('grant when an action is misspelled then exit 1 with a suggestion, and nothing changes', async () => {
  const before = await readFile(join(dir, 'data/permissions.json'), 'utf8');
  const result = await folio(['--dir', dir, 'permission', 'grant', 'public', 'api::note.note.find', 'api::note.note.fnd']);
  assert.is(result.code, 1);
  assert.is(result.stderr, `folio: ${permissionMessages.unknownAction('api::note.note.fnd', '; did you mean "api::note.note.find"?')}\n`);
  assert.is(await readFile(join(dir, 'data/permissions.json'), 'utf8'), before);
});

permission('grant when the content type does not exist then exit 1 saying so', async () => {
  const result = await folio(['--dir', dir, 'permission', 'grant', 'public', 'api::article.article.find']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: Unknown action "api::article.article.find"; there is no content type "article"\n');
});

permission('grant when the role does not exist then exit 1 listing the roles', async () => {
  const result = await folio(['--dir', dir, 'permission', 'grant', 'editor', 'api::note.note.find']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: Role "editor" does not exist (roles: authenticated, public)\n');
});

permission('grant without an action then exit 1 with usage', async () => {
  const result = await folio(['--dir', dir, 'permission', 'grant', 'public']);
  assert.is(result.code, 1);
  assert.match(result.stderr, /missing required argument 'action'/);
});

permission('revoke should take the actions away and say which were not held', async () => {
  await folio(['--dir', dir, 'permission', 'grant', 'public', 'api::note.note.find']);
  const result = await folio(['--dir', dir, 'permission', 'revoke', 'public', 'api::note.note.find', 'api::note.note.delete']);
  assert.is(result.code, 0, result.stderr);
  assert.is(result.stdout, 'Revoked from Public: api::note.note.find.\nPublic did not hold: api::note.note.delete.\n');
  assert.equal(await heldBy('public'), [...DEFAULT_PERMISSIONS.public].sort());
});

permission('revoke when an action is unknown then exit 1 with a suggestion', async () => {
  const result = await folio(['--dir', dir, 'permission', 'revoke', 'public', 'plugin::users-permissions.auth.registr']);
  assert.is(result.code, 1);
  assert.is(result.stderr, 'folio: Unknown action "plugin::users-permissions.auth.registr"; did you mean "plugin::users-permissions.auth.register"?\n');
});

permission('list should show the actions of a role given by type, name or id, or JSON with --json', async () => {
  await folio(['--dir', dir, 'role', 'create', 'Editor']);
  const empty = await folio(['--dir', dir, 'permission', 'list', 'Editor']);
  assert.is(empty.stdout, 'Editor holds no permission.\n');
  await folio(['--dir', dir, 'permission', 'grant', 'editor', 'api::note.note.update', 'api::note.note.find']);
  const human = await folio(['--dir', dir, 'permission', 'list', '3']);
  assert.is(human.code, 0, human.stderr);
  assert.is(human.stdout, 'ACTION\napi::note.note.find\napi::note.note.update\n');
  const json = await folio(['--dir', dir, 'permission', 'list', 'authenticated', '--json']);
  assert.equal(JSON.parse(json.stdout), [...DEFAULT_PERMISSIONS.authenticated].sort());
});

permission('a permission granted while folio serve runs is obeyed on the next request, and a revoke too', async () => {
  const server = await serve(dir);
  try {
    assert.is((await request(`${server.url}/api/notes`)).status, 403);
    const granted = await folio(['--dir', dir, 'permission', 'grant', 'public', 'api::note.note.find']);
    assert.is(granted.code, 0, granted.stderr);
    const allowed = await request(`${server.url}/api/notes`);
    assert.is(allowed.status, 200, allowed.text);
    assert.equal(allowed.body.data, []);
    const revoked = await folio(['--dir', dir, 'permission', 'revoke', 'public', 'api::note.note.find']);
    assert.is(revoked.code, 0, revoked.stderr);
    assert.is((await request(`${server.url}/api/notes`)).status, 403);
  } finally {
    assert.is(await server.stop(), 0);
  }
});

permission.run();
