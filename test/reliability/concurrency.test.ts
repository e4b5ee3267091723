// Concurrency against a spawned `folio serve` (the in-process cases live in test/api/concurrency.test.ts,
// test/api/auth-local.test.ts and test/project/shared-data.test.ts): many updates of one document,
// racing registrations of one email or one username, and the CLI writing users, roles and
// permissions while the server takes registrations into the same tables.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { folio, type FolioResult } from '../_helpers/index.js';
import { serve, type ServeProcess } from '../_helpers/server.js';
import { ARTICLE_WRITERS, attempt, eachLimit, folioJson, reliabilityProject, scanData, type Outcome } from './_harness.js';

const TAKEN = 'Email or Username are already taken';

interface Section {
  heading: string | null;
  body: string | null;
}
const sectionsOf = (list: Section[] | undefined) => (list ?? []).map((s) => ({ heading: s.heading ?? null, body: s.body ?? null }));

/** Starts a server on a fresh reliability project, runs `body`, and always stops and cleans up. */
async function withServer(publicActions: string[], body: (server: ServeProcess, dir: string) => Promise<void>): Promise<void> {
  const project = await reliabilityProject(publicActions);
  let server: ServeProcess | undefined;
  try {
    server = await serve(project.dir);
    await body(server, project.dir);
    const code = await server.stop('SIGTERM');
    server = undefined;
    assert.is(code, 0, 'the server exits 0 on SIGTERM');
    const scan = await scanData(join(project.dir, 'data'));
    assert.equal(scan.unparsable, [], 'every JSON file under data/ parses');
    assert.equal(scan.temps, [], 'no temporary file is left');
  } finally {
    if (server) await server.stop('SIGKILL');
    await project.cleanup();
  }
}

function describe(outcome: Outcome): string {
  return outcome.answered ? `${outcome.status} ${outcome.text.slice(0, 300)}` : `no answer: ${outcome.error}`;
}

const post = (url: string, body: unknown) => attempt(url, { method: 'POST', body });

// ---------------------------------------------------------------------------------------------
const updates = suite('200 concurrent updates of one document over HTTP');

updates('no lost or torn update: every answer is its own write, and the stored version is one of them, in both files', async () => {
  await withServer(ARTICLE_WRITERS, async (server, dir) => {
    const created = await post(`${server.url}/api/articles`, { data: { title: 'start', views: 0, sections: [{ heading: 'start', body: 'start' }] } });
    assert.is(created.answered && created.status, 200, describe(created));
    const documentId: string = (created as { body: any }).body.data.documentId;
    const write = (i: number) => ({ title: `title ${i}`, views: i, sections: Array.from({ length: 1 + (i % 3) }, (_, k) => ({ heading: `heading ${i}.${k}`, body: `body ${i}.${k}` })) });

    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, i) => attempt(`${server.url}/api/articles/${documentId}?populate=sections`, { method: 'PUT', body: { data: write(i) } })),
    );
    const answers = new Map<number, any>();
    outcomes.forEach((outcome, i) => {
      assert.ok(outcome.answered && outcome.status === 200, `PUT ${i}: ${describe(outcome)}`);
      const data = (outcome as { body: any }).body.data;
      assert.is(data.documentId, documentId);
      assert.equal({ title: data.title, views: data.views, sections: sectionsOf(data.sections) }, write(i), `PUT ${i} answers its own write, whole`);
      answers.set(data.id, data);
    });
    assert.is(answers.size, 200, 'every write made its own published version (no two answers share an id)');

    const published = await attempt(`${server.url}/api/articles/${documentId}?populate=sections`);
    const draft = await attempt(`${server.url}/api/articles/${documentId}?populate=sections&status=draft`);
    assert.ok(published.answered && published.status === 200, describe(published));
    assert.ok(draft.answered && draft.status === 200, describe(draft));
    const final = (published as { body: any }).body.data;
    assert.equal(final, answers.get(final.id), 'the stored version is exactly one of the acknowledged answers');
    const finalWrite = write(final.views);
    const draftData = (draft as { body: any }).body.data;
    assert.equal({ title: draftData.title, views: draftData.views, sections: sectionsOf(draftData.sections) }, finalWrite, 'the draft holds the same write as the published version');

    const scan = await scanData(join(dir, 'data'));
    assert.equal(scan.unparsable, [], 'every JSON file parses');
    for (const status of ['published', 'draft']) {
      const file = scan.json.get(`content/article/${documentId}/${status}.en.json`) as any;
      assert.ok(file, `${status}.en.json is there`);
      assert.equal({ title: file.title, views: file.views, sections: sectionsOf(file.sections) }, finalWrite, `${status}.en.json holds the write the server answers`);
      if (status === 'published') assert.ok(file.id === final.id && file.updatedAt === final.updatedAt, 'published.en.json is the version served');
    }
  });
});

updates.run();

// ---------------------------------------------------------------------------------------------
const registrations = suite('concurrent registrations against folio serve');

interface Racer {
  username: string;
  email: string;
  password: string;
}

async function race(url: string, racers: Racer[]): Promise<{ winner: Racer; user: any; losers: Racer[] }> {
  const outcomes = await Promise.all(racers.map((racer) => post(`${url}/api/auth/local/register`, racer)));
  const won = outcomes.flatMap((outcome, i) => (outcome.answered && outcome.status === 200 ? [i] : []));
  assert.is(won.length, 1, `exactly one registration wins: ${outcomes.map(describe).join(' | ')}`);
  outcomes.forEach((outcome, i) => {
    if (i === won[0]) return;
    assert.ok(outcome.answered && outcome.status === 400 && (outcome.body as any)?.error?.message === TAKEN, `racer ${i} is refused as taken: ${describe(outcome)}`);
  });
  const winner = racers[won[0]!]!;
  return { winner, user: (outcomes[won[0]!] as { body: any }).body.user, losers: racers.filter((r) => r !== winner) };
}

async function assertOnlyWinnerSignsIn(url: string, identifier: string, winner: Racer, user: any, losers: Racer[]): Promise<void> {
  const signIn = await post(`${url}/api/auth/local`, { identifier, password: winner.password });
  assert.ok(signIn.answered && signIn.status === 200, `the winner signs in: ${describe(signIn)}`);
  assert.is((signIn as { body: any }).body.user.id, user.id);
  // The stored password is the winner's: no loser's write reached the row.
  for (const loser of losers.slice(0, 3)) {
    const refused = await post(`${url}/api/auth/local`, { identifier, password: loser.password });
    assert.ok(refused.answered && refused.status === 400, `a loser's password does not sign in: ${describe(refused)}`);
  }
}

registrations('one email, in any case, from 20 racers: exactly one account, the winner\'s, survives a restart', async () => {
  const project = await reliabilityProject(ARTICLE_WRITERS);
  let server: ServeProcess | undefined;
  try {
    server = await serve(project.dir);
    const racers = Array.from({ length: 20 }, (_, i) => ({
      username: `racer${i}`,
      email: i % 2 === 0 ? 'race@example.com' : 'Race@Example.COM',
      password: `password-${i}-${'x'.repeat(i)}`,
    }));
    const { winner, user, losers } = await race(server.url, racers);
    assert.is(user.email, 'race@example.com');
    assert.is(user.username, winner.username);
    await assertOnlyWinnerSignsIn(server.url, 'RACE@example.com', winner, user, losers);

    // Stop, restart: the one row is on disk.
    assert.is(await server.stop('SIGTERM'), 0);
    server = undefined;
    const scan = await scanData(join(project.dir, 'data'));
    assert.equal(scan.unparsable, []);
    assert.equal(scan.temps, []);
    const rows = (scan.json.get('users.json') as { rows: any[] }).rows;
    assert.is(rows.length, 1, 'users.json holds one user');
    assert.is(rows[0].id, user.id);
    assert.is(rows[0].username, winner.username);
    server = await serve(project.dir);
    await assertOnlyWinnerSignsIn(server.url, 'race@example.com', winner, user, losers);
    assert.is(await server.stop('SIGTERM'), 0);
    server = undefined;
  } finally {
    if (server) await server.stop('SIGKILL');
    await project.cleanup();
  }
});

registrations('one username from 20 racers with different emails: exactly one wins', async () => {
  await withServer(ARTICLE_WRITERS, async (server, dir) => {
    const racers = Array.from({ length: 20 }, (_, i) => ({ username: 'samename', email: `same${i}@example.com`, password: `password-${i}` }));
    const { winner, user, losers } = await race(server.url, racers);
    assert.is(user.email, winner.email);
    await assertOnlyWinnerSignsIn(server.url, 'samename', winner, user, losers);
    const listed: Array<{ username: string; email: string }> = await folioJson(['--dir', dir, 'user', 'list']);
    assert.equal(listed.map((u) => [u.username, u.email]), [['samename', winner.email]], 'the CLI sees the one account');
  });
});

registrations.run();

// ---------------------------------------------------------------------------------------------
const shared = suite('the CLI and folio serve writing users, roles and permissions at once');

shared('folio user create, role create and permission grant during HTTP registrations: nothing lost on either side', async () => {
  const publicActions = [...ARTICLE_WRITERS, 'plugin::users-permissions.user.find', 'plugin::users-permissions.role.find'];
  await withServer(publicActions, async (server, dir) => {
    // Registrations go on for as long as the CLI runs (and at least 20), so both sides write at once.
    const httpUsers: Array<{ username: string; email: string; password: string }> = [];
    let cliDone = false;
    const cliUsers = Array.from({ length: 6 }, (_, i) => ({ username: `cli${i}`, email: `cli${i}@example.com`, password: `cli-password-${i}` }));
    const roles = ['Editor', 'Reviewer', 'Translator'];
    // Each new role gets its own grants right after it exists; the built-in roles get grants at once.
    const roleGrants: Record<string, string[]> = {
      editor: ['api::article.article.create', 'api::article.article.update'],
      reviewer: ['api::article.article.find'],
      translator: ['api::article.article.createLocalization'],
    };
    const builtInGrants: Array<[string, string[]]> = [
      ['public', ['api::category.category.find', 'api::category.category.create']],
      ['authenticated', ['api::article.article.delete']],
    ];

    const httpAnswers: Outcome[] = [];
    const cliResults: Array<{ what: string; result: FolioResult }> = [];
    const run = async (what: string, args: string[]): Promise<void> => void cliResults.push({ what, result: await folio(['--dir', dir, ...args]) });
    const cliJobs: Array<() => Promise<void>> = [
      ...cliUsers.map((u) => () => run(`user create ${u.username}`, ['user', 'create', '--username', u.username, '--email', u.email, '--password', u.password, '--confirmed'])),
      ...roles.map((name) => async () => {
        await run(`role create ${name}`, ['role', 'create', name, '--description', `${name}s`]);
        await run(`permission grant ${name}`, ['permission', 'grant', name.toLowerCase(), ...roleGrants[name.toLowerCase()]!]);
      }),
      ...builtInGrants.map(([role, actions]) => () => run(`permission grant ${role}`, ['permission', 'grant', role, ...actions])),
    ];
    const register = async () => {
      while (!cliDone || httpUsers.length < 20) {
        const i = httpUsers.length;
        const u = { username: `http${i}`, email: `http${i}@example.com`, password: `http-password-${i}` };
        httpUsers.push(u);
        httpAnswers.push(await post(`${server.url}/api/auth/local/register`, u));
      }
    };
    await Promise.all([
      ...Array.from({ length: 2 }, register),
      eachLimit(cliJobs, 3, (job) => job()).finally(() => (cliDone = true)),
    ]);

    for (const { what, result } of cliResults) assert.is(result.code, 0, `folio ${what}: ${result.stderr}`);
    assert.is(cliResults.length, cliUsers.length + 2 * roles.length + builtInGrants.length);
    for (const answer of httpAnswers) assert.ok(answer.answered && answer.status === 200, `registration: ${describe(answer)}`);

    // On disk: every user of both sides, ids unique; every role; every grant.
    const scan = await scanData(join(dir, 'data'));
    assert.equal(scan.unparsable, []);
    const table = scan.json.get('users.json') as { nextId: number; rows: any[] };
    const expected = [...httpUsers, ...cliUsers].map((u) => u.email).sort();
    assert.equal(table.rows.map((row) => row.email).sort(), expected, 'users.json holds every user of both sides');
    const ids = table.rows.map((row) => row.id);
    assert.is(new Set(ids).size, ids.length, 'no user id was handed out twice');
    assert.ok(ids.every((id) => id < table.nextId), 'nextId is above every id');
    for (const answer of httpAnswers) {
      const user = (answer as { body: any }).body.user;
      const row = table.rows.find((r) => r.email === user.email);
      for (const key of ['id', 'documentId', 'username', 'createdAt', 'updatedAt']) assert.is(row[key], user[key], `${user.email}'s ${key} is stored as answered`);
    }

    // The CLI sees the server's users, roles and permissions…
    const grants = [...Object.entries(roleGrants), ...builtInGrants];
    const [listed, listedRoles, ...held] = (await Promise.all([
      folioJson(['--dir', dir, 'user', 'list']),
      folioJson(['--dir', dir, 'role', 'list']),
      ...grants.map(([role]) => folioJson(['--dir', dir, 'permission', 'list', role])),
    ])) as [Array<{ email: string }>, Array<{ type: string }>, ...string[][]];
    assert.equal(listed.map((u) => u.email).sort(), expected, 'folio user list shows every user');
    const roleTypes = listedRoles.map((r) => r.type).sort();
    assert.equal(roleTypes, ['authenticated', 'editor', 'public', 'reviewer', 'translator']);
    grants.forEach(([role, actions], i) => {
      for (const action of actions) assert.ok(held[i]!.includes(action), `${role} holds ${action}`);
      if (role === 'public') for (const action of publicActions) assert.ok(held[i]!.includes(action), `public still holds ${action}`);
    });

    // …and the running server sees the CLI's, on its next request.
    const overHttp = await attempt(`${server.url}/api/users?limit=1000`);
    assert.ok(overHttp.answered && overHttp.status === 200, describe(overHttp));
    assert.equal(((overHttp as { body: any }).body as Array<{ email: string }>).map((u) => u.email).sort(), expected, 'GET /api/users lists every user');
    const rolesOverHttp = await attempt(`${server.url}/api/users-permissions/roles`);
    assert.ok(rolesOverHttp.answered && rolesOverHttp.status === 200, describe(rolesOverHttp));
    assert.equal(((rolesOverHttp as { body: any }).body.roles as Array<{ type: string }>).map((r) => r.type).sort(), roleTypes);
    for (const u of cliUsers) {
      const signIn = await post(`${server.url}/api/auth/local`, { identifier: u.email, password: u.password });
      assert.ok(signIn.answered && signIn.status === 200, `${u.username} (created by the CLI) signs in: ${describe(signIn)}`);
    }
    for (const u of httpUsers.slice(0, 3)) {
      const signIn = await post(`${server.url}/api/auth/local`, { identifier: u.email, password: u.password });
      assert.ok(signIn.answered && signIn.status === 200, `${u.username} signs in: ${describe(signIn)}`);
    }
    const category = await post(`${server.url}/api/categories`, { data: { name: 'Granted by the CLI' } });
    assert.ok(category.answered && category.status === 200, `Public's create on categories, granted by the CLI, is obeyed: ${describe(category)}`);
  });
});

shared.run();
