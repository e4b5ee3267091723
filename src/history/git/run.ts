/**
 * Running git: one child process per command, in the project's work tree, with no terminal prompt
 * and no pager, its output as a Buffer. A failure is a GitError carrying git's own first line, so a
 * log can say why without showing a file's content.
 */
import { execFile } from 'node:child_process';

export class GitError extends Error {
  constructor(
    message: string,
    readonly code: number | string | undefined,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

export interface GitOptions {
  /** Extra environment (GIT_INDEX_FILE, GIT_AUTHOR_NAME, …) over the process's own. */
  env?: Record<string, string>;
  /** Sent to git's standard input. */
  input?: string | Buffer;
  /** Default 30 s: a git that hangs (a lock held forever, a hook that waits) is a failure, not a stall. */
  timeoutMs?: number;
}

const MAX_OUTPUT = 512 * 1024 * 1024;

/** git's first meaningful line of error output, for a message. */
function firstLine(stderr: string): string {
  const line = stderr.split('\n').map((text) => text.trim()).find((text) => text !== '' && !text.startsWith('hint:'));
  return line ?? 'git failed';
}

/**
 * @example const head = (await git(dir, ['rev-parse', 'HEAD'])).toString().trim();
 */
export function git(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args as string[],
      {
        cwd,
        encoding: 'buffer',
        maxBuffer: MAX_OUTPUT,
        timeout: options.timeoutMs ?? 30_000,
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', LC_ALL: 'C', ...options.env },
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return reject(new GitError('git is not installed (no `git` on PATH)', code));
        reject(new GitError(`git ${args[0]}: ${firstLine(stderr.toString())}`, code));
      },
    );
    // git may stop reading (it failed, or needed no more): its exit says why, not a broken pipe,
    // which unheard would end the process.
    child.stdin?.on('error', () => undefined);
    if (options.input !== undefined) child.stdin?.end(options.input);
    else child.stdin?.end();
  });
}

/** The text of `git` run with `args`, trimmed. */
export async function gitText(cwd: string, args: readonly string[], options?: GitOptions): Promise<string> {
  return (await git(cwd, args, options)).toString('utf8').trim();
}

/**
 * Reads many objects (`<rev>:<path>` or blob ids) with one `git cat-file --batch`: each one's
 * content, or undefined when it does not exist.
 * @example const [draft] = await readObjects(dir, ['HEAD:data/content/article/abc/draft.en.json']);
 */
export async function readObjects(cwd: string, names: readonly string[]): Promise<Array<Buffer | undefined>> {
  if (names.length === 0) return [];
  const output = await git(cwd, ['cat-file', '--batch'], { input: names.map((name) => `${name}\n`).join('') });
  const found: Array<Buffer | undefined> = [];
  let at = 0;
  for (let index = 0; index < names.length; index += 1) {
    const end = output.indexOf(10, at);
    const header = output.subarray(at, end).toString('utf8');
    at = end + 1;
    if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
      found.push(undefined);
      continue;
    }
    const size = Number(header.split(' ')[2]);
    found.push(output.subarray(at, at + size));
    at += size + 1; // the content, then a newline
  }
  return found;
}
