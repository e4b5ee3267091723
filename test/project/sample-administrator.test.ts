/**
 * The repository's sample project has an `Administrator` role (data/roles.json, data/permissions.json)
 * holding every settings action, the users and roles actions and the media library's: an account given it with
 * `folio user create … --role administrator` reaches the settings routes. Served from a copy, so the
 * repository's data/ is left as it is.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createProgram, type CliIo } from '../../src/cli/index.js';
import { SETTINGS_ACTIONS } from '../../src/permissions/index.js';
import { copySampleProject, repoRoot } from '../_helpers/index.js';
import { serveProject, type ApiServer } from '../_helpers/server.js';
import { ADMINISTRATOR_ACTIONS } from '../_helpers/settings.js';

let api: ApiServer;
const test = suite('the sample project\'s Administrator role');
test.before(async () => {
  const copy = await copySampleProject();
  await mkdir(join(copy.dir, 'data'), { recursive: true });
  for (const table of ['roles.json', 'permissions.json']) await cp(join(repoRoot, 'data', table), join(copy.dir, 'data', table));
  const io: CliIo = { out: () => undefined, err: () => undefined, isTTY: false, env: {} };
  await createProgram(io).exitOverride().parseAsync(
    ['--dir', copy.dir, 'user', 'create', '--username', 'owner', '--email', 'owner@example.com', '--password', 'a-long-owner-password', '--role', 'administrator', '--confirmed'],
    { from: 'user' },
  );
  api = await serveProject(copy.dir, copy.cleanup);
});
test.after(() => api.close());

test('holds every settings action, the users and roles actions, the media library and the content types\' descriptions (which the editors\' page needs), and no content action', () => {
  const { role, actions } = api.project.roles.listGranted('administrator');
  assert.equal([role.name, role.type], ['Administrator', 'administrator']);
  for (const action of ADMINISTRATOR_ACTIONS) assert.ok(actions.includes(action), action);
  assert.is(SETTINGS_ACTIONS.filter((action) => actions.includes(action)).length, SETTINGS_ACTIONS.length);
  for (const action of ['upload', 'find', 'findOne', 'destroy']) assert.ok(actions.includes(`plugin::upload.content-api.${action}`), action);
  assert.ok(actions.includes('plugin::content-type-builder.content-types.getContentTypes'));
  assert.not.ok(actions.some((action) => action.startsWith('api::')), actions.join(', '));
});

test('an account given it with folio user create --role administrator reaches the settings routes', async () => {
  const signedIn = await api.post('/api/auth/local', { identifier: 'owner', password: 'a-long-owner-password' });
  assert.is(signedIn.status, 200, signedIn.text);
  const owner = { authorization: `Bearer ${signedIn.body.jwt}` };
  for (const path of ['/api/admin/api-tokens', '/api/admin/webhooks', '/api/users', '/api/users-permissions/roles']) {
    assert.is((await api.get(path, owner)).status, 200, path);
  }
  assert.is((await api.post('/api/i18n/locales', { code: 'de' }, owner)).status, 201);
});

test.run();
