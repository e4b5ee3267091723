/**
 * `POST /api/i18n/locales`, `PUT|DELETE /api/i18n/locales/:id` (docs/api/settings.md) over real
 * HTTP: who may call them, `folio locale`'s rules, config/i18n.yaml kept as it was written, the
 * server following each write at once, and a removal answering what it hides.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultLocaleName } from '../../src/config/index.js';
import { localeMessages } from '../../src/i18n/index.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';
import { bearer, eventually } from '../_helpers/index.js';
import { fieldOf, settingsServer, type SettingsServer } from '../_helpers/settings.js';

let server: SettingsServer;
const test = suite('/api/i18n/locales writes');
test.before.each(async () => {
  server = await settingsServer({ publicActions: ['api::article.article.create', 'api::article.article.find', 'api::homepage.homepage.update'] });
});
test.after.each(() => server.close());

const api = () => server.api;
const codes = async () => (await api().get('/api/i18n/locales')).body.map((locale: { code: string; isDefault: boolean }) => `${locale.code}${locale.isDefault ? '*' : ''}`);
const i18nFile = () => readFile(join(api().dir, 'config/i18n.yaml'), 'utf8');

test('each write refuses a caller without credentials (401), a role without its action and any API token (403)', async () => {
  const { accessKey } = await api().project.apiTokens.create(SYSTEM_ACTOR, { name: 'importer', type: 'full-access' });
  for (const [method, path] of [['POST', '/api/i18n/locales'], ['PUT', '/api/i18n/locales/fr'], ['DELETE', '/api/i18n/locales/fr']] as const) {
    const body = '{"code":"de","isDefault":true}';
    assert.is((await api().send(method, path, body)).status, 401, `${method} ${path} anonymous`);
    assert.is((await api().send(method, path, body, server.editor)).status, 403, `${method} ${path} by a role without the action`);
    assert.is((await api().send(method, path, body, bearer(accessKey))).status, 403, `${method} ${path} with a full-access token`);
  }
  assert.equal(await codes(), ['en*', 'fr'], 'nothing changed');
});

test('POST adds a locale, served at once, and config/i18n.yaml keeps its comment, key order and layout', async () => {
  const added = await api().post('/api/i18n/locales', { code: 'de', name: 'Deutsch' }, server.admin);
  assert.is(added.status, 201, added.text);
  assert.equal(Object.keys(added.body).sort(), ['code', 'documentId', 'id', 'isDefault', 'name']);
  assert.equal([added.body.code, added.body.name, added.body.isDefault, added.body.id], ['de', 'Deutsch', false, 3]);
  assert.equal(await codes(), ['en*', 'fr', 'de']);
  const written = await api().post('/api/articles?locale=de', { data: { title: 'Hallo' } });
  assert.equal([written.status, written.body.data?.locale], [200, 'de'], 'content may be written in it by the next request');
  assert.is(await i18nFile(), [
    '# Locales. Manage them with `folio locale add|remove|default`.',
    'locales:',
    '  - code: en',
    '    name: English (en)',
    '  - code: fr',
    '    name: French (fr)',
    '  - code: de',
    '    name: Deutsch',
    'defaultLocale: en',
    '',
  ].join('\n'));
  const defaulted = await api().post('/api/i18n/locales', { code: 'pt-BR', isDefault: true }, server.admin);
  assert.equal([defaulted.status, defaulted.body.name, defaulted.body.isDefault], [201, defaultLocaleName('pt-BR'), true]);
  assert.equal(await codes(), ['en', 'fr', 'de', 'pt-BR*'], 'added and made the default in one write');
});

test('PUT { isDefault: true } makes a locale the default; { name } renames it; its code and the default stay put otherwise', async () => {
  const fr = (await api().get('/api/i18n/locales')).body[1];
  const made = await api().put(`/api/i18n/locales/${fr.id}`, { isDefault: true }, server.admin);
  assert.equal([made.status, made.body.code, made.body.isDefault], [200, 'fr', true]);
  assert.equal(await codes(), ['en', 'fr*']);
  assert.is((await api().get('/api/articles')).status, 200);
  const renamed = await api().put('/api/i18n/locales/en', { name: 'English' }, server.admin);
  assert.equal([renamed.body.name, renamed.body.isDefault], ['English', false]);
  const echoed = await api().put(`/api/i18n/locales/${fr.documentId}`, made.body, server.admin);
  assert.is(echoed.status, 200, 'a locale read and sent back is accepted (by documentId too)');
  const unset = await api().put('/api/i18n/locales/fr', { isDefault: false }, server.admin);
  assert.equal([unset.status, fieldOf(unset.body), unset.body.error.message], [400, 'isDefault', localeMessages.defaultStays('fr')]);
  const recoded = await api().put('/api/i18n/locales/fr', { code: 'fr-FR' }, server.admin);
  assert.equal([recoded.status, fieldOf(recoded.body), recoded.body.error.message], [400, 'code', localeMessages.codeFixed('fr')]);
  assert.equal(await codes(), ['en', 'fr*']);
});

test('DELETE removes a locale and answers how many documents it hides; the default locale cannot be removed', async () => {
  for (const title of ['Bonjour', 'Salut']) assert.is((await api().post('/api/articles?locale=fr', { data: { title } })).status, 200);
  assert.is((await api().post('/api/articles?status=draft', { data: { title: 'Hello' } })).status, 200);
  assert.is((await api().put('/api/homepage?locale=fr', { data: { title: 'Accueil' } })).status, 200);

  const refused = await api().del('/api/i18n/locales/en', server.admin);
  assert.equal([refused.status, refused.body.error.message], [400, localeMessages.defaultNotRemovable('en')]);
  const removed = await api().del('/api/i18n/locales/fr', server.admin);
  assert.is(removed.status, 200, removed.text);
  assert.equal(removed.body, {
    id: 2, documentId: removed.body.documentId, name: 'French (fr)', code: 'fr', isDefault: false,
    documents: { total: 3, byType: { article: 2, homepage: 1 } },
    warning: localeMessages.hides('fr', 3),
  });
  assert.equal(await codes(), ['en*']);
  assert.is((await api().get('/api/articles?locale=fr')).status, 400, 'no longer served');

  await api().post('/api/i18n/locales', { code: 'de' }, server.admin);
  const empty = await api().del('/api/i18n/locales/de', server.admin);
  assert.equal([empty.body.documents, empty.body.warning], [{ total: 0, byType: {} }, null]);
});

test('a body that is not valid is 400 naming the field, an unknown locale 404, and nothing is written', async () => {
  const before = await i18nFile();
  const cases: Array<[unknown, string | undefined, string]> = [
    [{ name: 'German' }, 'code', localeMessages.required('code')],
    [{ code: 'not a code' }, 'code', localeMessages.notACode('not a code')],
    [{ code: 'EN' }, 'code', localeMessages.exists('EN')],
    [{ code: 7 }, 'code', localeMessages.notAString('code')],
    [{ code: 'de', name: 7 }, 'name', localeMessages.notAString('name')],
    [{ code: 'de', isDefault: 'yes' }, 'isDefault', localeMessages.notABoolean('isDefault')],
    [{ code: 'de', locale: 'de' }, undefined, 'Invalid key locale'],
    [['de'], undefined, localeMessages.bodyNotObject],
  ];
  for (const [body, field, message] of cases) {
    const refused = await api().post('/api/i18n/locales', body, server.admin);
    assert.equal([refused.status, refused.body.error.name, refused.body.error.message, fieldOf(refused.body)], [400, 'ValidationError', message, field], JSON.stringify(body));
  }
  const blank = await api().put('/api/i18n/locales/fr', { name: ' ' }, server.admin);
  assert.equal([blank.status, fieldOf(blank.body)], [400, 'name']);
  for (const [method, ref] of [['PUT', '9'], ['PUT', 'de'], ['DELETE', '9'], ['DELETE', 'de']] as const) {
    const missing = await api().send(method, `/api/i18n/locales/${ref}`, '{"name":"x"}', server.admin);
    assert.equal([missing.status, missing.body.error.message], [404, localeMessages.notFound], `${method} ${ref}`);
  }
  assert.is(await i18nFile(), before);
});

test('the CLI and the routes agree: folio locale list shows a locale added over HTTP, and the server one added by folio locale add', async () => {
  await api().post('/api/i18n/locales', { code: 'de' }, server.admin);
  const listed = await server.folio('locale', 'list', '--json');
  assert.is(listed.error, undefined, String(listed.error));
  assert.equal(JSON.parse(listed.out).map((locale: { code: string }) => locale.code), ['en', 'fr', 'de']);
  const added = await server.folio('locale', 'add', 'it');
  assert.is(added.error, undefined, String(added.error));
  await eventually(async () => (await codes()).includes('it'), 'the server follows the CLI\'s locale');
  const refused = await server.folio('locale', 'remove', 'en');
  assert.is((refused.error as Error).message, localeMessages.defaultNotRemovable('en'), 'the same rule as DELETE');
});

test.run();
