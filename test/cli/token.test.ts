/**
 * `folio token`: the value is printed once (create, regenerate) and never again; bad input is one
 * line on stderr, exit 1, and nothing stored.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { folio, initProject } from '../_helpers/index.js';

const token = suite('folio token');
let dir: string;
let cleanup: () => Promise<void>;

token.before.each(async () => {
  ({ dir, cleanup } = await initProject());
  const created = await folio(['--dir', dir, 'content-type', 'create', 'article', '--attr', 'title:string']);
  assert.is(created.code, 0, created.stderr);
});
token.after.each(() => cleanup());

const tokensFile = () => readFile(join(dir, 'data/tokens.json'), 'utf8').catch(() => '(none)');
const lastLine = (text: string) => text.trim().split('\n').at(-1)!;

token('when a token is created then its value alone is printed once on stdout (what $(…) captures), and list never shows it', async () => {
  const created = await folio(['--dir', dir, 'token', 'create', 'site-build', '--description', 'the nightly build', '--duration', '30']);
  assert.is(created.code, 0, created.stderr);
  assert.match(created.stdout, /^[0-9a-f]{256}\n$/);
  const value = created.stdout.trim();
  assert.match(created.stderr, /Created API token "site-build" \(read-only, expires \d{4}-\d\d-\d\dT.*shown only now/);
  const list = await folio(['--dir', dir, 'token', 'list']);
  assert.is(list.code, 0, list.stderr);
  assert.match(list.stdout, /^NAME\s+TYPE\s+CREATED\s+EXPIRES\s+LAST USED\s+DESCRIPTION\n/);
  assert.match(list.stdout, /site-build\s+read-only\s+\d{4}-\d\d-\d\d\s+\d{4}-\d\d-\d\d\s+never\s+the nightly build/);
  const json = await folio(['--dir', dir, 'token', 'list', '--json']);
  const [listed] = JSON.parse(json.stdout);
  assert.is(listed.name, 'site-build');
  assert.is(listed.accessKey, undefined);
  for (const output of [list.stdout, json.stdout, await tokensFile()]) assert.not.ok(output.includes(value), 'the value shown again');
});

token('when --json is given then create answers the token with its value once', async () => {
  const created = await folio(['--dir', dir, 'token', 'create', 'ci', '--type', 'custom', '--grant', 'api::article.article.find', '--grant', 'api::article.article.findOne', '--json']);
  assert.is(created.code, 0, created.stderr);
  const answer = JSON.parse(created.stdout);
  assert.is(answer.name, 'ci');
  assert.is(answer.type, 'custom');
  assert.equal(answer.permissions, ['api::article.article.find', 'api::article.article.findOne']);
  assert.match(answer.accessKey, /^[0-9a-f]{256}$/);
  assert.is(answer.expiresAt, null);
});

token('when a token is regenerated then a new value is printed', async () => {
  const first = lastLine((await folio(['--dir', dir, 'token', 'create', 'site-build'])).stdout);
  const regenerated = await folio(['--dir', dir, 'token', 'regenerate', 'site-build']);
  assert.is(regenerated.code, 0, regenerated.stderr);
  assert.match(regenerated.stderr, /^Regenerated API token "site-build"/);
  const second = lastLine(regenerated.stdout);
  assert.match(second, /^[0-9a-f]{256}$/);
  assert.is.not(second, first);
});

const refusals: Array<[string, string[], string]> = [
  ['an unknown --type', ['token', 'create', 'x', '--type', 'admin'], 'folio: Unknown token type "admin": use read-only, full-access, custom\n'],
  ['a --grant naming no action', ['token', 'create', 'x', '--type', 'custom', '--grant', 'api::article.article.fnd'], 'folio: Unknown action "api::article.article.fnd"; did you mean "api::article.article.find"?\n'],
  ['a --grant of the users endpoints', ['token', 'create', 'x', '--type', 'custom', '--grant', 'plugin::users-permissions.user.find'], 'folio: plugin::users-permissions.user.find is not a content-type action: a custom token may hold api::… actions only; the users and roles endpoints need a full-access token\n'],
  ['a --grant on a read-only token', ['token', 'create', 'x', '--grant', 'api::article.article.find'], "folio: --grant is for custom tokens; a read-only token's rights are fixed by its type\n"],
  ['a custom token without --grant', ['token', 'create', 'x', '--type', 'custom'], 'folio: A custom token needs at least one --grant <action>, e.g. api::article.article.find\n'],
  ['a duration outside the list', ['token', 'create', 'x', '--duration', '14'], 'folio: Unknown duration "14": use 7, 30, 90, unlimited (days)\n'],
  ['a name already taken', ['token', 'create', 'taken'], 'folio: A token named "taken" already exists\n'],
  ['regenerating an unknown name', ['token', 'regenerate', 'nobody'], 'folio: No token named "nobody"; `folio token list` shows them\n'],
  ['revoking an unknown name', ['token', 'revoke', 'nobody'], 'folio: No token named "nobody"; `folio token list` shows them\n'],
];

for (const [what, args, message] of refusals) {
  token(`when token is given ${what} then it says so in one line and stores nothing`, async () => {
    assert.is((await folio(['--dir', dir, 'token', 'create', 'taken'])).code, 0);
    const before = await tokensFile();
    const result = await folio(['--dir', dir, ...args]);
    assert.is(result.code, 1);
    assert.is(result.stdout, '');
    assert.is(result.stderr, message);
    assert.is(await tokensFile(), before);
  });
}

token.run();
