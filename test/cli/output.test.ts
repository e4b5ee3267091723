/**
 * What `folio` prints for a person at a terminal: values that come from anyone (a username stored
 * before usernames were checked, a commit's author) show their control characters as `\uXXXX`,
 * so an escape sequence or a carriage return never reaches the terminal; `--json` keeps them as
 * JSON escapes them. The commands run in this process, on a project a server wrote.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { issueToken } from '../../src/auth/index.js';
import { createProgram, type CliIo } from '../../src/cli/index.js';
import { ValidationError } from '../../src/errors.js';
import { userMessages } from '../../src/users/index.js';
import { serveProject, testProject } from '../_helpers/server.js';
import { addUserRow } from '../_helpers/users.js';

/** Red text, then a carriage return that would let the rest of the line overwrite what came before. */
const HOSTILE = '\u001b[31mmallory\r';
const SHOWN = '\\u001b[31mmallory\\u000d';
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

let dir: string;
let cleanup: () => Promise<void>;
let malloryId: number;

/** Runs `folio …args` in this process: what it printed, or the error it ended with. */
async function folio(...args: string[]): Promise<{ out: string; err: string; error?: unknown }> {
  let out = '';
  let err = '';
  const io: CliIo = { out: (text) => void (out += text), err: (text) => void (err += text), isTTY: false, env: {} };
  try {
    await createProgram(io).exitOverride().parseAsync(['--dir', dir, ...args], { from: 'user' });
    return { out, err };
  } catch (error) {
    return { out, err, error };
  }
}

const terminal = suite('folio output: control characters from content and users');

terminal.before(async () => {
  ({ dir, cleanup } = await testProject({ authenticatedActions: ['api::article.article.create'] }));
  const api = await serveProject(dir);
  malloryId = await addUserRow(api.project, { username: HOSTILE, email: 'mallory@example.com' });
  const mallory = { Authorization: `Bearer ${issueToken(api.project.tokens, malloryId)}` };
  const created = await api.post('/api/articles?status=draft', { data: { title: 'Innocent' } }, mallory);
  assert.is(created.status, 200, JSON.stringify(created.body));
  await api.project.history.flush();
  await api.stop();
});
terminal.after(() => cleanup());

terminal('folio user list shows an escape sequence and a carriage return in a username as text', async () => {
  const listed = await folio('user', 'list');
  assert.is(listed.error, undefined);
  assert.not.match(listed.out, RAW_CONTROL);
  const row = listed.out.split('\n').find((line) => line.includes('mallory@example.com'));
  assert.ok(row?.includes(SHOWN), listed.out);
});

terminal('folio history shows the author the same way, and --json keeps the username as JSON escapes it', async () => {
  const history = await folio('history', 'article');
  assert.is(history.error, undefined);
  assert.not.match(history.out, RAW_CONTROL);
  assert.ok(history.out.includes(`${SHOWN} <mallory@example.com>`), history.out);
  const json = await folio('--json', 'history', 'article');
  assert.not.match(json.out, RAW_CONTROL);
  assert.is((JSON.parse(json.out) as Array<{ author: { username: string } }>)[0]!.author.username, HOSTILE);
});

terminal('a one-line confirmation naming the user shows it as text too', async () => {
  const blocked = await folio('user', 'block', String(malloryId));
  assert.is(blocked.error, undefined);
  assert.is(blocked.out, `Blocked user ${malloryId} (${SHOWN}).\n`);
});

terminal('folio user create refuses a username with a control character, naming the field', async () => {
  const username = 'eve\u001b[2J';
  const created = await folio('user', 'create', '--username', username, '--email', 'eve@example.com', '--password', 'correct-horse');
  assert.instance(created.error, ValidationError);
  const message = userMessages.usernameControlCharacter;
  assert.is((created.error as ValidationError).message, message);
  assert.equal((created.error as ValidationError).details.errors, [{ path: ['username'], message, name: 'ValidationError', value: username }]);
  assert.is((await folio('--json', 'user', 'list')).out.includes('eve@example.com'), false, 'nobody was created');
});

terminal.run();
