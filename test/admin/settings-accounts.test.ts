/**
 * The Users and Roles settings screens, and choosing a password from an invitation, in a real
 * browser (Debian's chromium, headless) against a real `folio serve` of the sample project: an
 * Administrator searches, pages, creates (refused at its field first), blocks and unblocks, changes
 * a role, deletes after confirming and invites by email; the invitation's link, read from the
 * project's outbox, sets the password on the reset screen, and the person signs in with it. A role
 * made on the Roles screen and given actions by ticking them is then allowed them by the server; an
 * Editor sees none of this, and an account that may only list users is offered nothing else.
 * docs/editors-page.md's two pictures of these screens are taken here.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { eventually, request } from '../_helpers/index.js';
import {
  apiAs as apiAsOn, cli, EDITOR_PASSWORD, fill, openPage, signIn as signInAs, startEditorsSite, textOf,
  type EditorsSite,
} from '../_helpers/browser.js';

const DOCS = new URL('../../docs/', import.meta.url).pathname;
const test = suite('the users and roles settings');
let site: EditorsSite;
let url: string;

/** The accounts besides the prepared ones, enough for two pages: name, role type, state. */
const COLLEAGUES: Array<[string, string, { confirmed?: boolean; blocked?: boolean }]> = [
  ['alan', 'editor', {}], ['barbara', 'editor', {}], ['claude', 'authenticated', { blocked: true }],
  ['dennis', 'editor', {}], ['frances', 'authenticated', { confirmed: false }], ['grace', 'editor', {}],
  ['hedy', 'authenticated', { confirmed: false }], ['ken', 'editor', {}], ['linus', 'authenticated', {}],
  ['margaret', 'editor', {}], ['niklaus', 'authenticated', {}], ['radia', 'editor', {}],
];

/** The sample's roles by type, as the server numbers them. */
let roleIds: Record<string, number> = {};

test.before(async () => {
  // Many sign-ins and set-password requests from one address: the rate limits (tested elsewhere) are off.
  site = await startEditorsSite({
    project: { config: { 'users-permissions': { ratelimit: { enabled: false } } } },
    async prepare(dir) {
      const account = (name: string, role: string) => cli(['user', 'create', '--username', name, '--email',
        `${name}@example.com`, '--password', EDITOR_PASSWORD, '--role', role, '--confirmed', '--dir', dir]);
      await account('ada', 'administrator');
      // A support desk: may list the accounts, nothing more.
      await cli(['role', 'create', 'Support', '--dir', dir]);
      const reads = ['content-types.getContentTypes', 'components.getComponents']
        .map((action) => `plugin::content-type-builder.${action}`);
      const users = ['me', 'find', 'count'].map((action) => `plugin::users-permissions.user.${action}`);
      await cli(['permission', 'grant', 'support', ...users, ...reads, '--dir', dir]);
      await account('sam', 'support');
    },
  });
  url = site.server.url;
  const admin = await tokenOf('ada');
  roleIds = Object.fromEntries((await roles()).map((role) => [role.type, role.id]));
  for (const [username, role, state] of COLLEAGUES) {
    const email = `${username}@example.com`;
    const body = { username, email, password: EDITOR_PASSWORD, role: roleIds[role], confirmed: true, ...state };
    const made = await request(`${url}/api/users`, { method: 'POST', body, headers: admin });
    assert.is(made.status, 201, made.text);
  }
});

test.after(() => site?.close());

/** `path` of the API, as the Administrator reads it. */
const asAdmin = async (path: string) => request(`${url}${path}`, { headers: await tokenOf('ada') });

/** The roles as the list answers them. */
const roles = async () =>
  (await asAdmin('/api/users-permissions/roles')).body.roles as Array<{ id: number; name: string; type: string }>;

/** The `Authorization` header of `identifier`, signed in through the API. */
async function tokenOf(identifier: string, password = EDITOR_PASSWORD): Promise<Record<string, string>> {
  const answer = await request(`${url}/api/auth/local`, { method: 'POST', body: { identifier, password } });
  assert.is(answer.status, 200, answer.text);
  return { authorization: `Bearer ${answer.body.jwt}` };
}

/** Waits until `expression`, run in the page, is true. */
const until = (page: Page, expression: string) => page.waitForFunction(expression);
const click = async (page: Page, selector: string) =>
  (await page.waitForSelector(selector, { visible: true }))!.click();
const gone = (page: Page, selector: string) => until(page, `!document.querySelector(${JSON.stringify(selector)})`);
const noticeSays = (page: Page, text: RegExp) =>
  until(page, `${text}.test(document.querySelector('[data-test="notice"]')?.textContent ?? '')`);
const pageInfoSays = (page: Page, text: string) =>
  until(page, `document.querySelector('[data-test="page-info"]')?.textContent.trim() === ${JSON.stringify(text)}`);
/** Chooses `value` in the select at `selector`, once it shows. */
const choose = async (page: Page, selector: string, value: number | undefined) => {
  await page.waitForSelector(selector, { visible: true });
  await page.select(selector, String(value));
};
const rowCount = (page: Page) => page.$$eval('[data-test="users"] tbody tr', (rows) => rows.length);

type TestPage = Awaited<ReturnType<typeof openPage>>;

async function signedIn(identifier: string): Promise<TestPage> {
  const page = await openPage(site.browser, `${url}/admin/`);
  await signInAs(page, identifier, EDITOR_PASSWORD);
  await page.waitForSelector('[data-test="user"]', { visible: true });
  return page;
}

/** `username`'s account as the server has it, with its role. */
async function userNamed(username: string) {
  const found = await asAdmin(`/api/users?filters[username][$eq]=${encodeURIComponent(username)}&populate=role`);
  return found.body[0] as { id: number; blocked: boolean; confirmed: boolean; role: { type: string } } | undefined;
}

async function openUsers(page: Page): Promise<void> {
  await click(page, '[data-test="settings-users"]');
  await page.waitForSelector('[data-test="user-ada"]', { visible: true });
}

/** Searches the users for `text`; the caller waits for what it expects to see. */
async function search(page: Page, text: string): Promise<void> {
  await fill(page, '[data-test="users-search"]', text);
  await click(page, '[data-test="users-search-submit"]');
  await until(page, `location.hash.includes(${JSON.stringify(`q=${text}`)})`);
}

test('an administrator sees the users ten a page, with their role and state, and finds one by searching', async () => {
  const page = await signedIn('ada');
  await openUsers(page);
  await pageInfoSays(page, 'Page 1 of 2 · 15 users');
  assert.is(await rowCount(page), 10);
  assert.match(await textOf(page, '[data-test="user-claude"]'), /Blocked/);
  assert.match(await textOf(page, '[data-test="user-frances"]'), /Not confirmed/);
  assert.match(await textOf(page, '[data-test="user-ada"]'), /ada@example\.com/);
  assert.match(await textOf(page, '[data-test="user-ada"]'), /\(you\)/);
  assert.is(await page.$('[data-test="user-ada"] [data-test="delete"]'), null, 'no Delete on the account signed in');
  await page.setViewport({ width: 1200, height: 900 });
  await page.screenshot({ path: join(DOCS, 'editors-page-users.png') });
  await page.setViewport({ width: 1200, height: 800 });

  await click(page, '[data-test="next-page"]');
  await page.waitForSelector('[data-test="user-sam"]', { visible: true });
  await pageInfoSays(page, 'Page 2 of 2 · 15 users');
  assert.is(await rowCount(page), 5);

  await search(page, 'edith');
  await page.waitForSelector('[data-test="user-edith"]', { visible: true });
  await pageInfoSays(page, 'Page 1 of 1 · 1 user');
  assert.is(await rowCount(page), 1);
  await search(page, 'nobody-here');
  assert.match(await textOf(page, '[data-test="users-empty"]'), /No user matches/);
  assert.equal(page.errors, []);
  await page.close();
});

test('an administrator creates a user, refused at its field first', async () => {
  const page = await signedIn('ada');
  await openUsers(page);
  await click(page, '[data-test="create-user"]');
  await fill(page, '[data-test="user-username"]', 'joan');
  await fill(page, '[data-test="user-email"]', 'not-an-email');
  await fill(page, '[data-test="user-password"]', 'a-long-password-1');
  await choose(page, '[data-test="user-role"]', roleIds.editor);
  await click(page, '[data-test="create-user-submit"]');
  const error = await textOf(page, '[data-test="user-email-error"]');
  assert.match(error, /email must be a valid email/, 'the server\'s message, at its field');
  assert.is(await userNamed('joan'), undefined, 'nothing made');

  await fill(page, '[data-test="user-email"]', 'joan@example.com');
  await click(page, '[data-test="create-user-submit"]');
  await noticeSays(page, /The user joan was created/);
  await gone(page, '[data-test="create-user-dialog"]');
  const joan = await userNamed('joan');
  assert.equal([joan?.role.type, joan?.confirmed, joan?.blocked], ['editor', true, false]);
  await tokenOf('joan', 'a-long-password-1');
  assert.equal(page.errors, []);
  await page.close();
});

test('an administrator blocks and unblocks a user, and changes their role', async () => {
  const page = await signedIn('ada');
  await openUsers(page);
  await search(page, 'niklaus');
  await click(page, '[data-test="user-niklaus"] [data-test="block"]');
  await page.waitForSelector('[data-test="user-niklaus"] [data-test="state-blocked"]', { visible: true });
  await noticeSays(page, /niklaus is blocked/);
  assert.is((await userNamed('niklaus'))?.blocked, true);
  const body = { identifier: 'niklaus', password: EDITOR_PASSWORD };
  const refused = await request(`${url}/api/auth/local`, { method: 'POST', body });
  assert.match(refused.body.error.message, /blocked/);

  await click(page, '[data-test="user-niklaus"] [data-test="unblock"]');
  await page.waitForSelector('[data-test="user-niklaus"] [data-test="state-active"]', { visible: true });
  assert.is((await userNamed('niklaus'))?.blocked, false);
  await tokenOf('niklaus');

  await choose(page, '[data-test="user-niklaus"] [data-test="role"]', roleIds.editor);
  await noticeSays(page, /niklaus now has the role Editor/);
  assert.is((await userNamed('niklaus'))?.role.type, 'editor');
  assert.equal(page.errors, []);
  await page.close();
});

test('an administrator deletes a user only after confirming', async () => {
  const page = await signedIn('ada');
  await openUsers(page);
  await search(page, 'radia');
  await click(page, '[data-test="user-radia"] [data-test="delete"]');
  assert.match(await textOf(page, '[data-test="ask-delete-user"] h2'), /Delete the user radia\?/);
  await click(page, '[data-test="cancel-delete-user"]');
  await gone(page, '[data-test="ask-delete-user"]');
  assert.ok(await userNamed('radia'), 'kept when cancelled');

  await click(page, '[data-test="user-radia"] [data-test="delete"]');
  await click(page, '[data-test="confirm-delete-user"]');
  await noticeSays(page, /The user radia was deleted/);
  await gone(page, '[data-test="user-radia"]');
  assert.is(await userNamed('radia'), undefined);
  assert.equal(page.errors, []);
  await page.close();
});

/** The set-password link of the invitation or reset email sent to `address`, from the project's outbox (.eml files). */
async function invitationLink(address: string): Promise<string> {
  const outbox = join(site.dir, 'data/outbox');
  let link: string | undefined;
  await eventually(async () => {
    for (const name of await readdir(outbox).catch(() => [] as string[])) {
      // Quoted-printable: soft line breaks and `=3D` undone.
      const mail = (await readFile(join(outbox, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!mail.includes(`To: ${address}`)) continue;
      link = /(http:\/\/\S+?\/admin\/#\/reset-password\?code=[0-9a-f]+)/.exec(mail)?.[1];
    }
    return link !== undefined;
  }, `an invitation to ${address} in data/outbox/`);
  return link!;
}

test('a forgotten password: the sign-in form asks for a link, and the emailed link sets a new password', async () => {
  const page = await openPage(site.browser, `${url}/admin/`);
  await fill(page, '[data-test="signin-identifier"]', 'ken@example.com');
  await click(page, '[data-test="forgot-open"]');
  assert.is(await page.$eval('[data-test="forgot-email"]', (input) => (input as unknown as { value: string }).value), 'ken@example.com');
  await click(page, '[data-test="forgot-submit"]');
  assert.match(await textOf(page, '[data-test="forgot-sent"]'), /If ken@example\.com is the address of an account/);
  await click(page, '[data-test="forgot-back"]');
  await page.waitForSelector('[data-test="signin-identifier"]', { visible: true });
  await page.close();

  const person = await openPage(site.browser, await invitationLink('ken@example.com'));
  await fill(person, '[data-test="reset-new-password"]', 'chosen-by-ken-1');
  await fill(person, '[data-test="reset-confirmation"]', 'chosen-by-ken-1');
  await click(person, '[data-test="reset-submit"]');
  assert.match(await textOf(person, '[data-test="signin"] .info'), /Your password is set/);
  await tokenOf('ken@example.com', 'chosen-by-ken-1');
  assert.equal(person.errors, []);
  await person.close();
});

test('an invitation by email: the link sets the password, the person signs in with it, and it works once', async () => {
  const page = await signedIn('ada');
  await openUsers(page);
  await click(page, '[data-test="invite-user"]');
  await fill(page, '[data-test="invite-email"]', 'hopper@example.com');
  await choose(page, '[data-test="invite-role"]', roleIds.editor);
  await click(page, '[data-test="invite-user-submit"]');
  await noticeSays(page, /The invitation was sent to hopper@example\.com/);
  const invited = await userNamed('hopper@example.com');
  assert.equal([invited?.role.type, invited?.confirmed], ['editor', false]);
  await page.close();

  const link = await invitationLink('hopper@example.com');
  const person = await openPage(site.browser, link);
  await fill(person, '[data-test="reset-new-password"]', 'chosen-by-hopper-1');
  await fill(person, '[data-test="reset-confirmation"]', 'chosen-by-hopper-2');
  await click(person, '[data-test="reset-submit"]');
  assert.match(await textOf(person, '[data-test="reset-confirmation-error"]'), /not the same/);
  await fill(person, '[data-test="reset-confirmation"]', 'chosen-by-hopper-1');
  await click(person, '[data-test="reset-submit"]');
  assert.match(await textOf(person, '[data-test="signin"] .info'), /Your password is set/);
  await signInAs(person, 'hopper@example.com', 'chosen-by-hopper-1');
  assert.is(await textOf(person, '[data-test="user"]'), 'hopper@example.com');
  await person.waitForSelector('[data-test="type-article"]', { visible: true });
  assert.is((await userNamed('hopper@example.com'))?.confirmed, true, 'setting the password confirmed the account');
  assert.equal(person.errors, []);
  await person.close();

  const again = await openPage(site.browser, link);
  await fill(again, '[data-test="reset-new-password"]', 'another-password-1');
  await fill(again, '[data-test="reset-confirmation"]', 'another-password-1');
  await click(again, '[data-test="reset-submit"]');
  const refusal = await textOf(again, '[data-test="reset-error"]');
  assert.match(refusal, /Incorrect code provided/);
  assert.match(refusal, /expired .* or been used already/);
  await click(again, '[data-test="reset-sign-in"]');
  await again.waitForSelector('[data-test="signin-identifier"]', { visible: true });
  await tokenOf('hopper@example.com', 'chosen-by-hopper-1');
  assert.equal(again.errors, []);
  await again.close();
});

/** The role named `name` as the list answers it. */
async function roleNamed(name: string) {
  return (await roles()).find((role) => role.name === name);
}

const CATEGORY = 'api::category.category';

test('a role made on the Roles screen and given actions by ticking them: its users may then use them', async () => {
  const linus = await tokenOf('linus');
  const categories = () => request(`${url}/api/categories`, { headers: linus });
  assert.is((await categories()).status, 403, 'Authenticated may not list categories');

  const page = await signedIn('ada');
  await click(page, '[data-test="settings-roles"]');
  assert.match(await textOf(page, '[data-test="role-editor"] [data-test="role-users"]'), /^\d+ users?$/);
  await click(page, '[data-test="create-role"]');
  await fill(page, '[data-test="role-name"]', 'Reviewer');
  await fill(page, '[data-test="role-description"]', 'Reads the categories');
  await click(page, `[data-test="permission-toggle-${CATEGORY}"]`);
  await click(page, `[data-test="permission-${CATEGORY}.find"]`);
  await click(page, '[data-test="save-role"]');
  await noticeSays(page, /The role Reviewer was created/);
  const reviewer = (await roleNamed('Reviewer'))!;
  assert.ok(reviewer, 'made');
  await until(page, `location.hash === '#/settings/roles/${reviewer.id}'`);

  await openUsers(page);
  await search(page, 'linus');
  await choose(page, '[data-test="user-linus"] [data-test="role"]', reviewer.id);
  await noticeSays(page, /linus now has the role Reviewer/);
  assert.is((await categories()).status, 200, 'the ticked action is allowed');
  const one = (await categories()).body.data[0].documentId as string;
  const category = () => request(`${url}/api/categories/${one}`, { headers: linus });
  assert.is((await category()).status, 403, 'an action not ticked is not');

  // "Select all" of the controller, on the role's page.
  await page.goto(`${url}/admin/#/settings/roles/${reviewer.id}`);
  await click(page, `[data-test="permission-toggle-${CATEGORY}"]`);
  type Box = { checked: boolean; indeterminate: boolean };
  const box = (selector: string) => page.$eval(selector, (node) => {
    const { checked, indeterminate } = node as unknown as Box;
    return { checked, indeterminate };
  });
  assert.is((await box(`[data-test="permission-all-${CATEGORY}"]`)).indeterminate, true, 'some of them, not all');
  await click(page, `[data-test="permission-all-${CATEGORY}"]`);
  assert.ok((await box(`[data-test="permission-${CATEGORY}.findOne"]`)).checked);
  await page.waitForSelector('[data-test="role-unsaved"]', { visible: true });
  await click(page, '[data-test="save-role"]');
  await noticeSays(page, /The role Reviewer was saved/);
  assert.is((await category()).status, 200, 'every action of the controller is allowed');
  const tree = (await asAdmin(`/api/users-permissions/roles/${reviewer.id}`)).body.role.permissions;
  const actions = tree['api::category'].controllers.category as Record<string, { enabled: boolean }>;
  assert.ok(Object.values(actions).every((entry) => entry.enabled), JSON.stringify(actions));
  assert.is(tree['api::article'].controllers.article.find.enabled, false, 'the other controllers are as they were');

  // docs/editors-page.md's picture: the Editor role's page, its article actions shown.
  await page.goto(`${url}/admin/#/settings/roles/${roleIds.editor}`);
  await click(page, '[data-test="permission-toggle-api::article.article"]');
  await page.setViewport({ width: 1200, height: 1100 });
  await page.screenshot({ path: join(DOCS, 'editors-page-roles.png') });
  assert.equal(page.errors, []);
  await page.close();
});

test('a role is deleted after confirming, its users going to Public; the built-in roles offer no Delete', async () => {
  const page = await signedIn('ada');
  await click(page, '[data-test="settings-roles"]');
  await page.waitForSelector('[data-test="role-reviewer"]', { visible: true });
  await until(page, `/\\(yours\\)/.test(document.querySelector('[data-test="role-administrator"]')?.textContent ?? '')`);
  // The plugin's own roles, and the one the account holds (deleting it would lock the account out).
  for (const type of ['public', 'authenticated', 'administrator']) {
    assert.is(await page.$(`[data-test="role-${type}"] [data-test="delete-role"]`), null, `no Delete for ${type}`);
  }
  await click(page, '[data-test="role-reviewer"] [data-test="delete-role"]');
  assert.match(await textOf(page, '[data-test="ask-delete-role"]'), /Its 1 user will have the Public role/);
  await click(page, '[data-test="confirm-delete-role"]');
  await noticeSays(page, /The role Reviewer was deleted/);
  await gone(page, '[data-test="role-reviewer"]');
  assert.is(await roleNamed('Reviewer'), undefined);
  assert.is((await userNamed('linus'))?.role.type, 'public');
  assert.equal(page.errors, []);
  await page.close();
});

test('an Editor sees no link to the users or roles, and is refused there, as the server refuses them', async () => {
  const page = await signedIn('edith');
  await page.waitForSelector('[data-test="type-article"]', { visible: true });
  for (const screen of ['users', 'roles']) {
    assert.is(await page.$(`[data-test="settings-${screen}"]`), null, `no ${screen} link`);
    await page.goto(`${url}/admin/#/settings/${screen}`);
    assert.match(await textOf(page, '[data-test="settings-refused"]'), /may not use the (Users|Roles) settings/);
  }
  const api = await apiAsOn(page, url);
  assert.is((await api('/api/users')).status, 403);
  assert.is((await api('/api/users-permissions/roles')).status, 403);
  assert.equal(page.errors, []);
  await page.close();
});

test('an account that may only list the users is offered no create, invite, block, role change or delete', async () => {
  const page = await signedIn('sam');
  await openUsers(page);
  await page.waitForSelector('[data-test="user-edith"]', { visible: true });
  for (const control of ['create-user', 'invite-user']) {
    assert.is(await page.$(`[data-test="${control}"]`), null, `no ${control}`);
  }
  for (const control of ['block', 'unblock', 'delete', 'role']) {
    assert.is(await page.$(`[data-test="users"] [data-test="${control}"]`), null, `no ${control} in the rows`);
  }
  assert.is((await page.$$('[data-test="settings-roles"]')).length, 0, 'no Roles link');
  const api = await apiAsOn(page, url);
  assert.is((await api('/api/users/1', 'DELETE')).status, 403, 'the server refuses it anyway');
  assert.equal(page.errors, []);
  await page.close();
});

test.run();
