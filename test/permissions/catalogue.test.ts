/**
 * The action catalogue and Strapi's permission tree: every action id is Strapi 5's own
 * (`api::<type>.<type>.find`, `plugin::users-permissions.user.me`, …), grouped in the tree as Strapi's
 * roles endpoints answer it (docs/api/permissions-and-tokens.md and docs/api/users-and-roles.md).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../src/errors.js';
import { actionCatalogue, actionsFromTree, permissionMessages, permissionTree, SETTINGS_ACTIONS, USERS_PERMISSIONS_ACTIONS } from '../../src/permissions/index.js';
import { expectError } from '../_helpers/index.js';

const schemas = {
  contentTypes: [
    { kind: 'collectionType', singularName: 'article' },
    { kind: 'singleType', singularName: 'homepage' },
  ],
} as const;

const catalogue = suite('actionCatalogue(schemas)');

catalogue('should list the content actions of each type by kind, then users-permissions, upload, the content-type builder, i18n, then the settings', () => {
  const ids = actionCatalogue(schemas);
  assert.equal(ids.slice(0, 14), [
    'api::article.article.find',
    'api::article.article.findOne',
    'api::article.article.create',
    'api::article.article.update',
    'api::article.article.delete',
    'api::article.article.createLocalization',
    'api::article.article.history',
    'api::article.article.restore',
    'api::homepage.homepage.find',
    'api::homepage.homepage.update',
    'api::homepage.homepage.delete',
    'api::homepage.homepage.createLocalization',
    'api::homepage.homepage.history',
    'api::homepage.homepage.restore',
  ]);
  const upCount = Object.values(USERS_PERMISSIONS_ACTIONS).reduce((sum, actions) => sum + actions.length, 0);
  assert.is(ids.length, 14 + upCount + 4 + 4 + 1 + SETTINGS_ACTIONS.length);
  const settingsAt = ids.length - SETTINGS_ACTIONS.length;
  assert.equal(ids.slice(settingsAt), [...SETTINGS_ACTIONS]);
  assert.equal(ids.slice(settingsAt - 9, settingsAt - 5), ['upload', 'find', 'findOne', 'destroy'].map((action) => `plugin::upload.content-api.${action}`));
  assert.equal(ids.slice(settingsAt - 5, settingsAt - 1), [
    'plugin::content-type-builder.content-types.getContentTypes',
    'plugin::content-type-builder.content-types.getContentType',
    'plugin::content-type-builder.components.getComponents',
    'plugin::content-type-builder.components.getComponent',
  ]);
  assert.ok(ids.includes('plugin::users-permissions.auth.register'));
  assert.ok(ids.includes('plugin::users-permissions.role.createRole'));
  assert.ok(ids.includes('plugin::users-permissions.permissions.getPermissions'));
  assert.is(ids[settingsAt - 1], 'plugin::i18n.locales.listLocales');
  assert.equal(SETTINGS_ACTIONS.slice(0, 2), ['admin::api-tokens.read', 'admin::api-tokens.create'], "Strapi's admin names");
  assert.is(new Set(ids).size, ids.length, 'no id twice');
});

catalogue('should answer the same frozen list for the same content types', () => {
  assert.is(actionCatalogue(schemas), actionCatalogue(schemas));
  assert.ok(Object.isFrozen(actionCatalogue(schemas)));
});

catalogue.run();

const tree = suite('permissionTree(schemas, granted)');

tree("should have Strapi's shape with every action disabled when nothing is granted", () => {
  const result = permissionTree(schemas);
  assert.equal(Object.keys(result), ['api::article', 'api::homepage', 'plugin::users-permissions', 'plugin::upload', 'plugin::content-type-builder', 'plugin::i18n', 'admin']);
  assert.equal(result['plugin::upload'], { controllers: { 'content-api': Object.fromEntries(['upload', 'find', 'findOne', 'destroy'].map((action) => [action, { enabled: false, policy: '' }])) } });
  assert.equal(result['api::article'], {
    controllers: {
      article: Object.fromEntries(['find', 'findOne', 'create', 'update', 'delete', 'createLocalization', 'history', 'restore'].map((action) => [action, { enabled: false, policy: '' }])),
    },
  });
  assert.equal(Object.keys(result['api::homepage']!.controllers.homepage!), ['find', 'update', 'delete', 'createLocalization', 'history', 'restore']);
  assert.equal(Object.keys(result['plugin::users-permissions']!.controllers), ['auth', 'user', 'role', 'permissions']);
  assert.equal(result['plugin::i18n'], { controllers: { locales: Object.fromEntries(['listLocales', 'create', 'update', 'delete'].map((action) => [action, { enabled: false, policy: '' }])) } });
  assert.equal(Object.keys(result.admin!.controllers), ['api-tokens', 'webhooks']);
});

tree('should enable exactly the granted actions', () => {
  const result = permissionTree(schemas, new Set(['api::article.article.find', 'plugin::users-permissions.user.me']));
  assert.equal(result['api::article']!.controllers.article!.find, { enabled: true, policy: '' });
  assert.equal(result['api::article']!.controllers.article!.findOne, { enabled: false, policy: '' });
  assert.equal(result['plugin::users-permissions']!.controllers.user!.me, { enabled: true, policy: '' });
});

tree('should still show granted actions that are no longer in the catalogue, as Strapi does', () => {
  const result = permissionTree(schemas, new Set(['api::note.note.find', 'api::article.article.publish', 'not an action id']));
  assert.equal(result['api::note'], { controllers: { note: { find: { enabled: true, policy: '' } } } });
  assert.equal(result['api::article']!.controllers.article!.publish, { enabled: true, policy: '' });
  assert.not.ok(JSON.stringify(result).includes('not an action id'), 'an id with no place in the tree is left out');
});

tree.run();

const fromTree = suite('actionsFromTree(tree, known)');
const known = actionCatalogue(schemas);

fromTree('should answer the enabled actions and ignore disabled ones and policies', () => {
  const body = {
    'api::article': { controllers: { article: { find: { enabled: true, policy: '' }, create: { enabled: false }, update: {} } } },
    'plugin::users-permissions': { controllers: { user: { me: { enabled: true, policy: 'whatever' } } } },
  };
  assert.equal(actionsFromTree(body, known), ['api::article.article.find', 'plugin::users-permissions.user.me']);
});

fromTree('should accept a tree it produced, echoed back', () => {
  const granted = new Set(['api::homepage.homepage.update', 'plugin::i18n.locales.listLocales']);
  assert.equal(new Set(actionsFromTree(permissionTree(schemas, granted), known)), granted);
});

fromTree('should accept an empty array as an empty tree, as Strapi does', () => {
  assert.equal(actionsFromTree([], known), []);
  assert.equal(actionsFromTree({}, known), []);
});

fromTree('when an action id is unknown then 400 naming it with a suggestion', () => {
  const error = expectError(() => actionsFromTree({ 'api::article': { controllers: { article: { fnd: { enabled: true } } } } }, known), ValidationError);
  assert.is(error.message, permissionMessages.unknownAction('api::article.article.fnd', '; did you mean "api::article.article.find"?'));
  assert.is(error.message, 'Unknown action "api::article.article.fnd"; did you mean "api::article.article.find"?');
  assert.equal(error.details, { actions: ['api::article.article.fnd'] });
});

fromTree('when an action names a content type the project lacks then 400 saying so', () => {
  const error = expectError(() => actionsFromTree({ 'api::note': { controllers: { note: { find: { enabled: true } } } } }, known), ValidationError);
  assert.is(error.message, `Unknown action "api::note.note.find"${permissionMessages.noContentType('note')}`);
  assert.is(error.message, 'Unknown action "api::note.note.find"; there is no content type "note"');
});

fromTree('when several action ids are unknown then 400 naming them all', () => {
  const error = expectError(() =>
    actionsFromTree({ 'api::article': { controllers: { article: { fnd: { enabled: false }, zzzzzzzzzzzzzzzzzzzzzzz: { enabled: true } } } } }, known),
    ValidationError,
  );
  assert.is(error.message, 'Unknown actions "api::article.article.fnd" (did you mean "api::article.article.find"?), "api::article.article.zzzzzzzzzzzzzzzzzzzzzzz"');
});

fromTree('when the shape is wrong then 400 naming the path', () => {
  const cases: [unknown, string][] = [
    ['all', 'permissions must be an object'],
    [[{ enabled: true }], 'permissions must be an object'],
    [{ 'api::article': true }, 'permissions.api::article must be an object'],
    [{ 'api::article': {} }, 'permissions.api::article.controllers must be an object'],
    [{ 'api::article': { controllers: { article: [] } } }, 'permissions.api::article.controllers.article must be an object'],
    [{ 'api::article': { controllers: { article: { find: true } } } }, 'permissions.api::article.controllers.article.find must be an object'],
    [{ 'api::article': { controllers: { article: { find: { enabled: 'false' } } } } }, 'permissions.api::article.controllers.article.find.enabled must be a boolean'],
  ];
  for (const [body, message] of cases) assert.is(expectError(() => actionsFromTree(body, known), ValidationError).message, message, JSON.stringify(body));
});

fromTree('when an entry has a key other than its known ones then 400 Invalid key', () => {
  assert.is(expectError(() => actionsFromTree({ 'api::article': { controllers: {}, extra: 1 } }, known), ValidationError).message, 'Invalid key extra at permissions.api::article');
  const error = expectError(() => actionsFromTree({ 'api::article': { controllers: { article: { find: { enabled: true, on: true } } } } }, known), ValidationError);
  assert.is(error.message, 'Invalid key on at permissions.api::article.controllers.article.find');
  assert.equal(error.details, { key: 'on', path: 'permissions.api::article.controllers.article.find.on', source: 'body' });
});

fromTree('should never touch Object.prototype whatever the keys', () => {
  const body = JSON.parse('{"__proto__": {"controllers": {"x": {"y": {"enabled": true}}}}}');
  const error = expectError(() => actionsFromTree(body, known), ValidationError);
  assert.match(error.message, /^Unknown action "__proto__\.x\.y"/);
  assert.is(({} as Record<string, unknown>).controllers, undefined);
});

fromTree.run();
