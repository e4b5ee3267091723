/**
 * Commits the writes of the journal, as their authors, without touching what a person does in the
 * same work tree: each commit is built in an index of its own from HEAD and the files its writes
 * changed, runs the repository's pre-commit and commit-msg hooks, and moves the branch only if
 * nobody moved it meanwhile; the person's index then takes the committed files, and nothing else.
 * Writes of one author that wait together share a commit; two authors never do.
 *
 * A git that fails (a locked index, a hook that refuses, a detached HEAD, a merge under way, a
 * read-only repository) never fails a write: the cause is logged once, commits are tried again
 * with growing waits, and `behind()` says why history is behind until they go through. The writes
 * wait in order, each for the ones before it: what still stops git is the repository's (a lock, a
 * hook, the branch), and skipping a write would lose its version for good. An author cannot stop
 * them: `gitIdentity` leaves nothing in a name git refuses.
 */
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '../../log/index.js';
import { git, GitError, gitText } from './run.js';
import { fastCommit, indexFollows, type CommitFile } from './fast-commit.js';
import { gitIdentity } from './identity.js';
import type { GitIdentity, Journal, PendingCommit } from './journal.js';
import { commitBlocker, presentHooks, type WorkTree } from './work-tree.js';

/** How soon after a write its commit is made: writes landing meanwhile share it. */
const GATHER_MS = 100;
/**
 * The least time from one commit to the next, so that under a stream of writes git runs a few
 * times a second with many writes each, rather than without a pause beside the server (creates
 * went from 55% to … of their rate without commits).
 */
const INTERVAL_MS = 700;
/** Waits before each new try after a failure, the last repeated. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** The committer of every commit foliocms makes. */
const COMMITTER_IDENTITY = { name: 'foliocms', email: 'foliocms@localhost' };
const COMMITTER = { GIT_COMMITTER_NAME: COMMITTER_IDENTITY.name, GIT_COMMITTER_EMAIL: COMMITTER_IDENTITY.email };
/** How many commits leave their pack before `git gc --auto` gathers them (it does only past its own threshold). */
const GC_EVERY = 50;
const EMPTY_BLOB_MODE = '0 0000000000000000000000000000000000000000';

export interface Committer {
  /** A journal entry whose write landed: committed soon. */
  landed(entry: PendingCommit): void;
  /** Commits everything landed so far (one try); resolves when done or failed. */
  flush(): Promise<void>;
  /** Why history is behind, in words anyone may read (`/_health`): never git's own message. */
  behind(): string | undefined;
  close(): Promise<void>;
}

/** The message of a commit of `entries` (one author's): a subject, then every write's trailers. */
export function commitMessage(entries: readonly PendingCommit[]): string {
  const subject = entries.length === 1 ? entries[0]!.subject : `${entries.length} changes: ${[...new Set(entries.map((entry) => entry.subject))].slice(0, 3).join('; ')}`;
  const trailers = entries.flatMap((entry) =>
    entry.trailers.flatMap((trailer) => [`Folio-Type: ${trailer.type}`, `Folio-Document: ${trailer.document}`, `Folio-Locale: ${trailer.locale}`, `Folio-Action: ${trailer.action}`]),
  );
  return `${subject}\n\n${trailers.join('\n')}\n`;
}

/** A cause of our own, found before git runs (a merge under way, a lock): its words name no one. */
class Blocked extends Error {}

/** Why commits fail: in full for the log, and in words /_health may show to anyone. */
interface Failure {
  cause: string;
  shown: string;
}

/**
 * `error` as a Failure. git's own words can echo an author's name and email, a hook's output or a
 * file's path, so publicly they are replaced by the command that failed; the log keeps them.
 */
function failureOf(error: unknown): Failure {
  const cause = error instanceof Error ? error.message : String(error);
  if (error instanceof Blocked) return { cause, shown: cause };
  const command = error instanceof GitError ? /^(git [\w-]+): /.exec(cause)?.[1] : undefined;
  return { cause, shown: `${command ?? 'git'} failed; the server's log says why` };
}

/**
 * The author of a commit of `entries`: the last one's, made safe here rather than trusted from the
 * journal, whose lines an older version may have written raw.
 */
const authorOf = (entries: readonly PendingCommit[]): GitIdentity => gitIdentity(entries.at(-1)!.author);

/**
 * Consecutive entries of one author, in order, each run one commit; a write to a file the run
 * already changed starts a new one, so that each version of a document stays its own commit.
 */
function byAuthor(entries: readonly PendingCommit[]): PendingCommit[][] {
  const runs: Array<{ entries: PendingCommit[]; paths: Set<string> }> = [];
  for (const entry of entries) {
    const last = runs.at(-1);
    const sameAuthor = last && last.entries[0]!.author.name === entry.author.name && last.entries[0]!.author.email === entry.author.email;
    if (sameAuthor && !entry.files.some((file) => last.paths.has(file.path))) {
      last.entries.push(entry);
      for (const file of entry.files) last.paths.add(file.path);
    } else {
      runs.push({ entries: [entry], paths: new Set(entry.files.map((file) => file.path)) });
    }
  }
  return runs.map((run) => run.entries);
}

/**
 * @example const committer = createCommitter(tree, journal, log); committer.landed(entry);
 */
export function createCommitter(tree: WorkTree, journal: Journal, log: Logger): Committer {
  /** Entries whose write landed and that are not committed yet, in journal order. */
  const waiting = new Map<number, PendingCommit>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let failure: Failure | undefined;
  let failures = 0;
  let closed = false;

  /** When the last pass began: the next waits INTERVAL_MS from it. */
  let lastPass = -Infinity;

  function schedule(delay: number): void {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void run();
    }, delay);
    timer.unref();
  }

  /** How long the last pass took: passes begin at least three times that apart, so git takes at most a third of a core. */
  let lastPassMs = 0;
  /** The next pass, as soon as a write has had company and the last pass is far enough behind. */
  const scheduleNext = () => schedule(Math.max(GATHER_MS, lastPass + Math.max(INTERVAL_MS, 3 * lastPassMs) - Date.now()));

  function run(): Promise<void> {
    if (!running) {
      running = commitWaiting().finally(() => {
        running = undefined;
        lastPassMs = Date.now() - lastPass;
        if (waiting.size > 0 && !failure) scheduleNext();
      });
    }
    return running;
  }

  /** One pass: every write waiting now, in commits of one author each. */
  async function commitWaiting(): Promise<void> {
    if (waiting.size === 0) return;
    lastPass = Date.now();
    const batch = [...waiting.values()].sort((a, b) => a.id - b.id);
    try {
      const blocker = await commitBlocker(tree);
      if (blocker) throw new Blocked(blocker);
      for (const run of byAuthor(batch)) {
        await withRetries(() => commitRun(run));
        const ids = new Set(run.map((entry) => entry.id));
        for (const id of ids) waiting.delete(id);
        await journal.drop(ids);
      }
      if (failure) log.info(`history: commits go through again (${failure.cause} is over)`);
      failure = undefined;
      failures = 0;
    } catch (error) {
      const next = failureOf(error);
      if (next.cause !== failure?.cause) {
        const writes = `${waiting.size} write${waiting.size === 1 ? '' : 's'}`;
        log.warn(`history: could not commit ${writes} to git: ${next.cause}; trying again, the writes themselves are stored`);
      }
      failure = next;
      if (timer) clearTimeout(timer);
      timer = undefined;
      schedule(RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!);
      failures += 1;
    }
  }

  /** `work` again, up to twice, when the branch moved under it (another process committed meanwhile). */
  async function withRetries(work: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await work();
      } catch (error) {
        const moved = error instanceof Error && (error.message.startsWith('git update-ref') || error.message.startsWith('git fast-import'));
        if (attempt >= 3 || !moved) throw error;
      }
    }
  }

  let format: Promise<'sha1' | 'sha256'> | undefined;
  /** Commits made with fast-import since the last `git gc --auto`: each leaves a small pack. */
  let packs = 0;

  /**
   * One commit of one author's writes: with fast-import when they are contents and the repository
   * has no commit hooks, through an index of its own otherwise (hooks see it; uploads are taken
   * from the work tree).
   */
  async function commitRun(entries: readonly PendingCommit[]): Promise<void> {
    const latest = new Map<string, PendingCommit['files'][number]>();
    for (const entry of entries) for (const file of entry.files) latest.set(file.path, file);
    const hooks = await presentHooks(tree, ['pre-commit', 'commit-msg', 'post-commit']);
    const files = [...latest.values()];
    if (hooks.size > 0 || !files.every((file): file is CommitFile => 'content' in file)) return commitThroughIndex(entries);
    format ??= gitText(tree.top, ['rev-parse', '--show-object-format']).then((shown) => (shown === 'sha256' ? 'sha256' : 'sha1'));
    const objects = await format;
    const branch = await gitText(tree.top, ['symbolic-ref', '-q', 'HEAD']);
    const head = await gitText(tree.top, ['rev-parse', '-q', '--verify', 'HEAD']).catch(() => '');
    const message = commitMessage(entries);
    const at = entries.at(-1)!.at;
    const made = await fastCommit(tree, { branch, head, message, author: authorOf(entries), at, committer: COMMITTER_IDENTITY, files }, objects);
    if (!made) return;
    await indexFollows(tree, made.files, objects).catch((error: Error) => {
      log.warn(`history: committed ${made.id.slice(0, 12)}, but the index could not follow (${error.message}); \`git status\` may show those files as changed until \`git reset\``);
    });
    if (++packs >= GC_EVERY) {
      packs = 0;
      // In this pass, not detached: a repack beside the next commit's fast-import is a race of two writers.
      await git(tree.top, ['-c', 'gc.autoDetach=false', 'gc', '--auto', '--quiet']).catch(() => undefined);
    }
  }

  /** One commit of one author's writes, built in an index of its own from HEAD. */
  async function commitThroughIndex(entries: readonly PendingCommit[]): Promise<void> {
    const scratch = await mkdtemp(join(tmpdir(), 'folio-commit-'));
    try {
      const env = { GIT_INDEX_FILE: join(scratch, 'index') };
      const head = await gitText(tree.top, ['rev-parse', '-q', '--verify', 'HEAD']).catch(() => ''); // '' on a branch with no commit yet
      if (head) await git(tree.top, ['read-tree', head], { env });
      else await git(tree.top, ['read-tree', '--empty'], { env });
      // The last content of each file among these writes.
      const latest = new Map<string, PendingCommit['files'][number]>();
      for (const entry of entries) for (const file of entry.files) latest.set(file.path, file);
      await stage([...latest.values()], scratch, env);
      const treeId = await gitText(tree.top, ['write-tree'], { env });
      const headTree = head ? await gitText(tree.top, ['rev-parse', `${head}^{tree}`]) : '';
      if (treeId === headTree) return; // the files already hold this (committed by hand meanwhile)
      const message = join(scratch, 'message');
      await writeFile(message, commitMessage(entries));
      const { name, email } = authorOf(entries);
      const authorEnv = { ...env, ...COMMITTER, GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_AUTHOR_DATE: entries.at(-1)!.at };
      const hooks = await presentHooks(tree, ['pre-commit', 'commit-msg', 'post-commit']);
      if (hooks.has('pre-commit')) await git(tree.top, ['hook', 'run', 'pre-commit'], { env: authorEnv });
      if (hooks.has('commit-msg')) await git(tree.top, ['hook', 'run', 'commit-msg', '--', message], { env: authorEnv });
      const commit = await gitText(tree.top, ['commit-tree', treeId, ...(head ? ['-p', head] : []), '-F', message], { env: authorEnv });
      // Moves the branch only from the commit this one is built on: a commit made meanwhile is never undone.
      await git(tree.top, ['update-ref', '-m', `foliocms: ${entries[0]!.subject}`, 'HEAD', commit, head || '0'.repeat(40)]);
      // The person's index takes the committed files, so they do not show as staged to undo; the rest of it is theirs.
      // The paths on standard input: a batch of many writes names more than a command line holds.
      await git(tree.top, ['reset', '-q', '--pathspec-from-file=-', '--pathspec-file-nul', commit], { input: [...latest.keys()].map((path) => `${path}\0`).join('') }).catch((error: Error) => {
        log.warn(`history: committed ${commit.slice(0, 12)}, but the index could not follow (${error.message}); \`git status\` may show those files as changed until \`git reset\``);
      });
      if (hooks.has('post-commit')) await git(tree.top, ['hook', 'run', 'post-commit'], { env: authorEnv }).catch(() => undefined);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  /** Puts `files` in the index of `env`: contents as blobs, removals, and files taken from the work tree. */
  async function stage(files: ReadonlyArray<PendingCommit['files'][number]>, scratch: string, env: Record<string, string>): Promise<void> {
    const contents = files.filter((file): file is { path: string; content: string } => 'content' in file && file.content !== null);
    const lines: string[] = files.filter((file) => 'content' in file && file.content === null).map((file) => `${EMPTY_BLOB_MODE}\t${file.path}`);
    if (contents.length > 0) {
      const paths = await Promise.all(contents.map(async (file, index) => {
        const path = join(scratch, `blob-${index}`);
        await writeFile(path, file.content);
        return path;
      }));
      const blobs = (await gitText(tree.top, ['hash-object', '-w', '--no-filters', '--stdin-paths'], { input: `${paths.join('\n')}\n` })).split('\n');
      contents.forEach((file, index) => lines.push(`100644 ${blobs[index]}\t${file.path}`));
    }
    if (lines.length > 0) await git(tree.top, ['update-index', '--index-info'], { env, input: `${lines.join('\n')}\n` });
    const fromWorkTree = files.filter((file) => 'fromWorkTree' in file).map((file) => file.path);
    // Folders (the uploads) as git add takes them: what is new, changed and gone under them,
    // .gitignore obeyed; what is gone altogether, as a removal.
    const present = await Promise.all(fromWorkTree.map((path) => access(join(tree.top, path)).then(() => true, () => false)));
    const there = fromWorkTree.filter((_, index) => present[index]);
    const gone = fromWorkTree.filter((_, index) => !present[index]);
    if (there.length > 0) await git(tree.top, ['add', '-A', '--', ...there], { env });
    if (gone.length > 0) await git(tree.top, ['rm', '-r', '-q', '--cached', '--ignore-unmatch', '--', ...gone], { env });
  }

  return {
    landed(entry) {
      waiting.set(entry.id, entry);
      if (!failure && !running) scheduleNext();
    },
    async flush() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
      // Pass after pass while they make progress: a pass that fails leaves them for the retry.
      for (let left = -1; waiting.size > 0 && waiting.size !== left; ) {
        left = waiting.size;
        await run();
      }
    },
    behind() {
      if (failure === undefined) return undefined;
      const writes = `${waiting.size} write${waiting.size === 1 ? '' : 's'}`;
      return `history is behind: ${writes} not committed to git (${failure.shown})`;
    },
    async close() {
      // A command that ends here commits what it wrote now, trying a few times over a lock another
      // process holds for a moment; what still fails stays in its journal for the next start.
      for (let attempt = 0; attempt < 3 && (waiting.size > 0 || running); attempt++) {
        if (timer) clearTimeout(timer);
        timer = undefined;
        await running;
        if (waiting.size > 0) await run();
        if (failure) await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
      }
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}
