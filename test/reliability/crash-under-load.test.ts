// Crash safety under load: a child `folio serve` takes concurrent creates (with a repeatable
// component), updates and registrations and is SIGKILLed at a random moment while requests are in
// flight, round after round on the same project. After each kill every JSON file under data/ parses,
// the CLI still reads the tables, the next server starts and sweeps the dead writer's temporary
// files, and every request that got a 2xx is there with its exact content, on disk and over HTTP.
// Requests cut off by the kill may or may not have landed; when one did, it is whole.
//
// FOLIO_STRESS_ROUNDS sets the number of kills (default 4; `npm run test:stress` runs 25).
// FOLIO_STRESS_SEED replays the random choices and delays of a run (it prints its seed).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { serve, type ServeProcess } from '../_helpers/server.js';
import { ARTICLE_WRITERS, attempt, createRandom, eachLimit, envInt, folioJson, reliabilityProject, scanData, sleep, type DataScan } from './_harness.js';

const ROUNDS = envInt('FOLIO_STRESS_ROUNDS', 4) || 4;
const SEED = envInt('FOLIO_STRESS_SEED', Math.floor(Math.random() * 2 ** 31));
const CREATE_WORKERS = 3;
const UPDATE_WORKERS = 3;
const REGISTER_WORKERS = 2;

interface Section {
  heading: string | null;
  body: string | null;
}
/** What a write sends and what must be read back: the article's attributes that the spec writes. */
interface Content {
  title: string;
  views: number;
  sections: Section[];
}
/** A presented article (GET/POST/PUT `data`, sections populated). */
type Presented = Record<string, unknown> & { id: number; documentId: string; title: string; views: number; sections: Section[] };

interface Article {
  documentId: string;
  /** The published version as last acknowledged (a 2xx answer) or verified after a restart; null: none on disk. */
  published: Presented | null;
  /** The draft's content as last acknowledged or verified; null: no draft on disk. */
  draft: Content | null;
  /** Exact file contents as verified after the last restart; null when written since (compare content instead). */
  files: { published: unknown; draft: unknown } | null;
  /** An update sent but never answered: the kill may or may not have let it land. */
  inflight: Content | null;
  /** An update worker holds it (updates of one document are sequential, so the last ack is known). */
  busy: boolean;
}

interface Credentials {
  username: string;
  email: string;
  password: string;
}
interface User {
  credentials: Credentials;
  /** The user as the register (or, for one that landed unanswered, the login) answer showed it. */
  shown: Record<string, unknown> & { id: number };
  /** The users.json row as verified after a restart; null until then. */
  row: Record<string, unknown> | null;
}

interface Stats {
  creates: number;
  updates: number;
  registrations: number;
}

/** Everything the spec knows about what the servers acknowledged. */
class Ledger {
  readonly articles = new Map<string, Article>();
  /** documentIds an update worker may pick (documents with a published version). */
  readonly updatable: string[] = [];
  /** Creates sent and not answered, by title (titles are unique). */
  readonly pendingCreates = new Map<string, Content>();
  readonly users = new Map<string, User>();
  /** Registrations sent and not answered, by email. */
  readonly pendingRegistrations = new Map<string, Credentials>();
  /** Users to log in with after the next restart (new since the last verification). */
  readonly usersToLogIn = new Set<string>();
  /** Answers that were not 2xx, or 2xx answers that contradict their own request. */
  readonly problems: string[] = [];

  addArticle(article: Article): void {
    this.articles.set(article.documentId, article);
    if (article.published) this.updatable.push(article.documentId);
  }
}

// ---------------------------------------------------------------------------------------------
// Content helpers
// ---------------------------------------------------------------------------------------------

function contentFor(tag: string, random: () => number): Content {
  const count = 1 + Math.floor(random() * 3);
  return {
    title: tag,
    views: Math.floor(random() * 2 ** 31),
    sections: Array.from({ length: count }, (_, i) => ({
      heading: `${tag} § ${i} — é✓`,
      body: `${'lorem ipsum '.repeat(Math.floor(random() * 20))}"quoted" \\ ${tag}/${i}`,
    })),
  };
}

function contentOfPresented(data: Presented): Content {
  return { title: data.title, views: data.views, sections: (data.sections ?? []).map((s) => ({ heading: s.heading ?? null, body: s.body ?? null })) };
}

/** A stored file's content (unset keys are left out of files; component rows carry an id). */
function contentOfFile(file: any): Content {
  return {
    title: file.title,
    views: file.views ?? null,
    sections: (file.sections ?? []).map((s: Section) => ({ heading: s.heading ?? null, body: s.body ?? null })),
  };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const sameContent = (a: Content, b: Content): boolean => same(a, b);

/** The published file holds exactly the presented document. */
function fileShows(file: any, data: Presented): boolean {
  return (
    file.id === data.id &&
    file.documentId === data.documentId &&
    file.createdAt === data.createdAt &&
    file.updatedAt === data.updatedAt &&
    file.publishedAt === data.publishedAt &&
    sameContent(contentOfFile(file), contentOfPresented(data))
  );
}

const articlePath = (documentId: string, status: 'published' | 'draft') => `content/article/${documentId}/${status}.en.json`;

// ---------------------------------------------------------------------------------------------
// Load: workers that stop at the first request the kill cut off
// ---------------------------------------------------------------------------------------------

interface Load {
  stopped: boolean;
  stats: Stats;
}

async function createWorker(url: string, ledger: Ledger, load: Load, random: () => number, tag: string): Promise<void> {
  for (let n = 0; !load.stopped; n++) {
    const content = contentFor(`${tag}.${n}`, random);
    ledger.pendingCreates.set(content.title, content);
    const outcome = await attempt(`${url}/api/articles?populate=sections`, { method: 'POST', body: { data: content } });
    if (!outcome.answered) return; // cut off: stays pending
    ledger.pendingCreates.delete(content.title);
    const data = outcome.body?.data as Presented | undefined;
    if (outcome.status !== 200 || !data) return void ledger.problems.push(`POST ${content.title}: ${outcome.status} ${outcome.text.slice(0, 300)}`);
    if (!sameContent(contentOfPresented(data), content)) return void ledger.problems.push(`POST ${content.title} answered other content: ${outcome.text.slice(0, 300)}`);
    ledger.addArticle({ documentId: data.documentId, published: data, draft: content, files: null, inflight: null, busy: false });
    load.stats.creates++;
  }
}

async function updateWorker(url: string, ledger: Ledger, load: Load, random: () => number, tag: string): Promise<void> {
  for (let n = 0; !load.stopped; ) {
    const candidates = ledger.updatable;
    const article = candidates.length === 0 ? undefined : ledger.articles.get(candidates[Math.floor(random() * candidates.length)]!);
    if (!article || article.busy) {
      await sleep(2);
      continue;
    }
    article.busy = true;
    const content = contentFor(`${tag}.${n++}`, random);
    article.inflight = content;
    article.files = null;
    const outcome = await attempt(`${url}/api/articles/${article.documentId}?populate=sections`, { method: 'PUT', body: { data: content } });
    if (!outcome.answered) return; // cut off: stays in flight (and busy until the next verification)
    article.inflight = null;
    article.busy = false;
    const data = outcome.body?.data as Presented | undefined;
    if (outcome.status !== 200 || !data) return void ledger.problems.push(`PUT ${article.documentId} ${content.title}: ${outcome.status} ${outcome.text.slice(0, 300)}`);
    if (data.documentId !== article.documentId || !sameContent(contentOfPresented(data), content)) {
      return void ledger.problems.push(`PUT ${article.documentId} ${content.title} answered other content: ${outcome.text.slice(0, 300)}`);
    }
    article.published = data;
    article.draft = content;
    load.stats.updates++;
  }
}

async function registerWorker(url: string, ledger: Ledger, load: Load, random: () => number, tag: string): Promise<void> {
  for (let n = 0; !load.stopped; n++) {
    const credentials: Credentials = {
      username: `user_${tag}_${n}`,
      email: `user.${tag}.${n}@example.com`,
      password: `pässwörd-${Math.floor(random() * 2 ** 40).toString(36)}`,
    };
    ledger.pendingRegistrations.set(credentials.email, credentials);
    const outcome = await attempt(`${url}/api/auth/local/register`, { method: 'POST', body: credentials });
    if (!outcome.answered) return;
    ledger.pendingRegistrations.delete(credentials.email);
    const user = outcome.body?.user;
    if (outcome.status !== 200 || !user || typeof outcome.body.jwt !== 'string') {
      return void ledger.problems.push(`register ${credentials.email}: ${outcome.status} ${outcome.text.slice(0, 300)}`);
    }
    if (user.email !== credentials.email || user.username !== credentials.username) {
      return void ledger.problems.push(`register ${credentials.email} answered another user: ${outcome.text.slice(0, 300)}`);
    }
    ledger.users.set(credentials.email, { credentials, shown: user, row: null });
    ledger.usersToLogIn.add(credentials.email);
    load.stats.registrations++;
  }
}

/** Drives `server` until a random moment, SIGKILLs it with requests in flight, and waits for every request to settle. */
async function loadAndKill(server: ServeProcess, ledger: Ledger, random: () => number, round: number): Promise<{ delay: number; stats: Stats }> {
  const load: Load = { stopped: false, stats: { creates: 0, updates: 0, registrations: 0 } };
  const workers = [
    ...Array.from({ length: CREATE_WORKERS }, (_, w) => createWorker(server.url, ledger, load, random, `c${round}w${w}`)),
    ...Array.from({ length: UPDATE_WORKERS }, (_, w) => updateWorker(server.url, ledger, load, random, `u${round}w${w}`)),
    ...Array.from({ length: REGISTER_WORKERS }, (_, w) => registerWorker(server.url, ledger, load, random, `r${round}w${w}`)),
  ];
  // Mostly somewhere in the first 1.5 s of load; sometimes within the first few writes.
  const delay = random() < 0.15 ? Math.floor(random() * 60) : 60 + Math.floor(random() * 1440);
  await sleep(delay);
  load.stopped = true;
  await server.stop('SIGKILL');
  await Promise.all(workers);
  return { delay, stats: load.stats };
}

// ---------------------------------------------------------------------------------------------
// Verification
// ---------------------------------------------------------------------------------------------

function assertScanClean(scan: DataScan, when: string, temps: 'allowed' | 'forbidden'): void {
  assert.equal(scan.unparsable, [], `${when}: every JSON file under data/ parses`);
  if (temps === 'forbidden') assert.equal(scan.temps, [], `${when}: no temporary file is left`);
  for (const table of ['roles.json', 'permissions.json']) assert.ok(scan.json.has(table), `${when}: data/${table} is there`);
}

async function getAll(url: string, query: string): Promise<Map<string, Presented>> {
  const found = new Map<string, Presented>();
  for (let page = 1; ; page++) {
    const outcome = await attempt(`${url}/api/articles?${query}&populate=sections&sort=id:asc&pagination[pageSize]=100&pagination[page]=${page}`);
    assert.ok(outcome.answered && outcome.status === 200, `GET /api/articles?${query} page ${page}: ${outcome.answered ? outcome.text.slice(0, 300) : outcome.error}`);
    for (const data of outcome.body.data as Presented[]) found.set(data.documentId, data);
    if (page >= outcome.body.meta.pagination.pageCount) return found;
  }
}

async function getOne(url: string, documentId: string, query = ''): Promise<Presented | null> {
  const outcome = await attempt(`${url}/api/articles/${documentId}?populate=sections${query}`);
  assert.ok(outcome.answered && (outcome.status === 200 || outcome.status === 404), `GET ${documentId}${query}: ${outcome.answered ? outcome.text.slice(0, 300) : outcome.error}`);
  return outcome.status === 200 ? (outcome.body.data as Presented) : null;
}

/** Every article the ledger knows, and every article on disk, checked against each other and against the server. */
async function verifyArticles(url: string, ledger: Ledger, scan: DataScan, where: string): Promise<{ landed: number }> {
  const published = await getAll(url, 'status=published');
  const drafts = await getAll(url, 'status=draft');
  const onDisk = new Set<string>();
  for (const path of scan.json.keys()) {
    const match = /^content\/article\/([^/]+)\/(published|draft)\.en\.json$/.exec(path);
    if (match) onDisk.add(match[1]!);
  }

  // Documents nobody acknowledged: each must be a create the kill cut off, with exactly what it sent.
  let landed = 0;
  for (const documentId of onDisk) {
    if (ledger.articles.has(documentId)) continue;
    const files = [scan.json.get(articlePath(documentId, 'published')), scan.json.get(articlePath(documentId, 'draft'))].filter((f) => f !== undefined);
    const title = (files[0] as { title?: string }).title ?? '';
    const sent = ledger.pendingCreates.get(title);
    assert.ok(sent, `${where}: document ${documentId} ("${title}") on disk was never sent as a create`);
    for (const file of files) assert.ok(sameContent(contentOfFile(file), sent), `${where}: unacknowledged create ${title} landed torn: ${JSON.stringify(file)}`);
    // Every document has a draft (Strapi 5's invariant). A published version without one is served
    // by GET but cannot be updated: PUT takes it for a new locale version (403 without createLocalization).
    assert.ok(
      !scan.json.has(articlePath(documentId, 'published')) || scan.json.has(articlePath(documentId, 'draft')),
      `${where}: the unanswered create ${title} (${documentId}) landed as a published version without its draft`,
    );
    ledger.pendingCreates.delete(title);
    landed++;
    // Verified below like any other document whose content may have changed.
    ledger.addArticle({ documentId, published: null, draft: null, files: null, inflight: sent, busy: false });
  }
  ledger.pendingCreates.clear(); // the rest never landed

  for (const article of ledger.articles.values()) {
    const id = article.documentId;
    const label = `${where}: article ${id}`;
    const pubFile = scan.json.get(articlePath(id, 'published')) as any;
    const draftFile = scan.json.get(articlePath(id, 'draft')) as any;
    const pubHttp = published.get(id) ?? null;
    const draftHttp = drafts.get(id) ?? null;

    if (article.files) {
      // Nothing was written to it since the last verification: its files are byte-for-byte what they were.
      assert.equal(pubFile ?? null, article.files.published, `${label}: published file unchanged`);
      assert.equal(draftFile ?? null, article.files.draft, `${label}: draft file unchanged`);
    }

    // Published version: the last acknowledged one, or the update the kill cut off.
    if (article.published) {
      assert.ok(pubFile, `${label}: acknowledged published version (${article.published.title}) is missing on disk`);
      const isAcked = fileShows(pubFile, article.published);
      const isInflight = article.inflight !== null && sameContent(contentOfFile(pubFile), article.inflight);
      assert.ok(isAcked || isInflight, `${label}: published file ${JSON.stringify(pubFile)} is neither the acknowledged ${JSON.stringify(article.published)} nor the unanswered ${JSON.stringify(article.inflight)}`);
      assert.ok(pubHttp, `${label}: GET lists no published version`);
      if (isAcked) assert.equal(pubHttp, article.published, `${label}: GET answers the acknowledged version exactly`);
      else assert.ok(sameContent(contentOfPresented(pubHttp!), article.inflight!) && pubHttp!.id === pubFile.id, `${label}: GET answers what is on disk`);
    } else if (article.inflight === null) {
      assert.is(pubFile, undefined, `${label}: no published version appeared from nowhere`);
    } else if (pubFile) {
      assert.ok(sameContent(contentOfFile(pubFile), article.inflight), `${label}: published file is the unanswered write`);
    }
    if (pubFile) {
      assert.ok(pubHttp && fileShows(pubFile, pubHttp), `${label}: the server serves the published file as it is on disk: ${JSON.stringify(pubHttp)} vs ${JSON.stringify(pubFile)}`);
    } else {
      assert.is(pubHttp, null, `${label}: the server lists a published version that is not on disk`);
    }

    // Draft version: same rule, by content (its id and timestamps are never answered).
    if (article.draft) {
      assert.ok(draftFile, `${label}: acknowledged draft is missing on disk`);
      const ok = sameContent(contentOfFile(draftFile), article.draft) || (article.inflight !== null && sameContent(contentOfFile(draftFile), article.inflight));
      assert.ok(ok, `${label}: draft file ${JSON.stringify(draftFile)} is neither ${JSON.stringify(article.draft)} nor the unanswered ${JSON.stringify(article.inflight)}`);
    } else if (article.inflight === null) {
      assert.is(draftFile, undefined, `${label}: no draft appeared from nowhere`);
    } else if (draftFile) {
      assert.ok(sameContent(contentOfFile(draftFile), article.inflight), `${label}: draft file is the unanswered write`);
    }
    if (draftFile) {
      assert.ok(draftHttp && draftHttp.id === draftFile.id && sameContent(contentOfPresented(draftHttp), contentOfFile(draftFile)), `${label}: the server serves the draft file as it is on disk`);
    } else {
      assert.is(draftHttp, null, `${label}: the server lists a draft that is not on disk`);
    }

    // Documents written in the last round are also read one by one.
    if (!article.files) {
      assert.equal(await getOne(url, id), pubHttp, `${label}: GET /api/articles/${id}`);
      assert.equal(await getOne(url, id, '&status=draft'), draftHttp, `${label}: GET /api/articles/${id}?status=draft`);
    }

    // What was verified is the new baseline.
    const wasUpdatable = article.published !== null || ledger.updatable.includes(id);
    article.published = pubHttp;
    article.draft = draftFile ? contentOfFile(draftFile) : null;
    article.files = { published: pubFile ?? null, draft: draftFile ?? null };
    article.inflight = null;
    article.busy = false;
    if (pubHttp && !wasUpdatable) ledger.updatable.push(id);
  }

  assert.is(published.size, [...ledger.articles.values()].filter((a) => a.published).length, `${where}: the server lists exactly the published documents on disk`);
  assert.is(drafts.size, [...ledger.articles.values()].filter((a) => a.draft).length, `${where}: the server lists exactly the drafts on disk`);

  // Version ids are never handed out twice, across restarts.
  const ids = [...scan.json.entries()].filter(([path]) => path.startsWith('content/article/')).map(([, file]) => (file as { id: number }).id);
  assert.is(new Set(ids).size, ids.length, `${where}: no article version id is used twice`);
  return { landed };
}

async function logIn(url: string, user: User, label: string): Promise<void> {
  const outcome = await attempt(`${url}/api/auth/local`, { method: 'POST', body: { identifier: user.credentials.email, password: user.credentials.password } });
  assert.ok(outcome.answered && outcome.status === 200, `${label}: ${user.credentials.email} logs in: ${outcome.answered ? outcome.text.slice(0, 300) : outcome.error}`);
  for (const [key, value] of Object.entries(user.shown)) assert.equal(outcome.body.user[key], value, `${label}: ${user.credentials.email} logs in as the user registered (${key})`);
}

async function verifyUsers(url: string, ledger: Ledger, scan: DataScan, where: string, logInEveryone: boolean): Promise<{ landed: number }> {
  const table = (scan.json.get('users.json') ?? { nextId: 1, rows: [] }) as { nextId: number; rows: Array<Record<string, any>> };
  const ids = table.rows.map((row) => row.id as number);
  assert.is(new Set(ids).size, ids.length, `${where}: no user id is used twice`);
  assert.ok(ids.every((id) => id < table.nextId), `${where}: users.json nextId ${table.nextId} is above every id`);
  const emails = table.rows.map((row) => row.email as string);
  assert.is(new Set(emails).size, emails.length, `${where}: no email is used twice`);
  const byEmail = new Map(table.rows.map((row) => [row.email as string, row]));

  let landed = 0;
  for (const row of table.rows) {
    if (ledger.users.has(row.email)) continue;
    const sent = ledger.pendingRegistrations.get(row.email);
    assert.ok(sent, `${where}: user ${row.email} in users.json was never registered`);
    assert.is(row.username, sent.username, `${where}: unanswered registration ${row.email} landed whole`);
    // It landed: from now on it is a user like any other, shown as its login shows it.
    const outcome = await attempt(`${url}/api/auth/local`, { method: 'POST', body: { identifier: sent.email, password: sent.password } });
    assert.ok(outcome.answered && outcome.status === 200, `${where}: the unanswered registration that landed (${row.email}) logs in: ${outcome.answered ? outcome.text.slice(0, 300) : ''}`);
    ledger.users.set(row.email, { credentials: sent, shown: outcome.body.user, row: null });
    landed++;
  }
  ledger.pendingRegistrations.clear();

  for (const [email, user] of ledger.users) {
    const row = byEmail.get(email);
    assert.ok(row, `${where}: acknowledged registration ${email} (id ${user.shown.id}) is missing from users.json`);
    if (user.row) assert.equal(row, user.row, `${where}: ${email}'s row is unchanged`);
    for (const [key, value] of Object.entries(user.shown)) {
      if (key === 'role') continue;
      assert.equal(row[key], value, `${where}: ${email}'s ${key} is stored as answered`);
    }
    assert.match(String(row.password), /^\$scrypt\$/, `${where}: ${email}'s password is stored hashed`);
    user.row = row;
  }
  const toLogIn = logInEveryone ? [...ledger.users.values()] : [...ledger.usersToLogIn].map((email) => ledger.users.get(email)!);
  await eachLimit(toLogIn, 4, (user) => logIn(url, user, where));
  ledger.usersToLogIn.clear();
  return { landed };
}

/** The CLI reads the tables the dead server left (its lock files included) and sees every acknowledged user. */
async function verifyCli(dir: string, ledger: Ledger, where: string): Promise<void> {
  const listed: Array<{ id: number; email: string; username: string }> = await folioJson(['--dir', dir, 'user', 'list']);
  const byEmail = new Map(listed.map((user) => [user.email, user]));
  for (const [email, user] of ledger.users) {
    assert.equal(byEmail.get(email)?.id, user.shown.id, `${where}: folio user list shows ${email}`);
  }
}

// ---------------------------------------------------------------------------------------------

const crash = suite('folio serve SIGKILLed under load');

crash(`after each of ${ROUNDS} kills every file parses, the server restarts and every acknowledged write is there (seed ${SEED})`, async () => {
  const random = createRandom(SEED);
  const ledger = new Ledger();
  const project = await reliabilityProject(ARTICLE_WRITERS);
  const dataDir = join(project.dir, 'data');
  let server: ServeProcess | undefined;
  const started = Date.now();
  console.log(`crash-under-load: ${ROUNDS} rounds, seed ${SEED} (FOLIO_STRESS_SEED=${SEED} replays its choices)`);
  try {
    server = await serve(project.dir);
    for (let round = 1; round <= ROUNDS; round++) {
      const where = `round ${round} (seed ${SEED})`;
      assertScanClean(await scanData(dataDir), `${where}, before load`, 'forbidden');

      const { delay, stats } = await loadAndKill(server, ledger, random, round);
      server = undefined;
      assert.equal(ledger.problems, [], `${where}: every answer before the kill was a consistent 2xx`);
      const cutCreates = ledger.pendingCreates.size;
      const cutUpdates = [...ledger.articles.values()].filter((a) => a.inflight).length;
      const cutRegistrations = ledger.pendingRegistrations.size;

      const afterKill = await scanData(dataDir);
      assertScanClean(afterKill, `${where}, after the kill`, 'allowed');
      await verifyCli(project.dir, ledger, `${where}, CLI after the kill`);

      server = await serve(project.dir);
      const restarted = await scanData(dataDir);
      assertScanClean(restarted, `${where}, once the next server is ready`, 'forbidden');
      const articles = await verifyArticles(server.url, ledger, restarted, where);
      const users = await verifyUsers(server.url, ledger, restarted, where, round === ROUNDS && ROUNDS <= 5);
      console.log(
        `round ${round}: killed after ${delay} ms with ${afterKill.temps.length} temp file(s); acknowledged ${stats.creates} creates, ${stats.updates} updates, ` +
          `${stats.registrations} registrations; cut off ${cutCreates} creates (${articles.landed} landed), ${cutUpdates} updates, ` +
          `${cutRegistrations} registrations (${users.landed} landed); ${ledger.articles.size} articles, ${ledger.users.size} users in all`,
      );
    }
    assert.ok(ledger.articles.size > 0 && ledger.users.size > 0, 'the load wrote something');

    // The last server stops cleanly and leaves nothing behind.
    const code = await server.stop('SIGTERM');
    server = undefined;
    assert.is(code, 0, 'the last server exits 0 on SIGTERM');
    assertScanClean(await scanData(dataDir), 'after the last graceful stop', 'forbidden');
    console.log(`crash-under-load: ${ROUNDS} rounds in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    if (server) await server.stop('SIGKILL');
    await project.cleanup();
  }
});

crash.run();
