/**
 * The one way specs start a project server. `testProject()` makes a temporary copy of the sample
 * project with the permissions, files and config a spec asks for. `apiServer()` serves it in this
 * process (`createApp()` through `startServer`, on port 0) with a client and a log that keeps every
 * line; `serveProject()` does the same over a project folder that already exists. `serve()` runs
 * the real `folio serve` as a child process, for specs that kill it or that need the binary.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parse, stringify } from 'yaml';
import { COLLECTION_TYPE_ACTIONS, SINGLE_TYPE_ACTIONS, DRAFT_ACTIONS, contentAction } from '../../src/permissions/index.js';
import { openProject, PROJECT_GITIGNORE, type OpenOptions, type Project } from '../../src/project/index.js';
import { loadSchemas } from '../../src/schema/index.js';
import { startServer, type FolioApp } from '../../src/server/index.js';
import { createDatabase } from './databases.js';
import { cleanEnv, copySampleProject, folioBin, rawRequest, request, writeFiles, type JsonResponse } from './index.js';

/** Every users-permissions `user` action, `me` included. */
export const USER_ACTIONS = ['find', 'findOne', 'count', 'create', 'update', 'destroy', 'me'].map((a) => `plugin::users-permissions.user.${a}`);
export const ROLE_ACTIONS = ['find', 'findOne', 'createRole', 'updateRole', 'deleteRole'].map((a) => `plugin::users-permissions.role.${a}`);
export const PERMISSIONS_ACTION = 'plugin::users-permissions.permissions.getPermissions';
/** `users-permissions` config that turns the auth rate limits off. */
export const NO_RATE_LIMIT = { ratelimit: { enabled: false } };

export interface ProjectOptions {
  /** Extra project files, path → text (e.g. `content-types/tag.yaml`). */
  files?: Record<string, string>;
  /** Actions granted to Public; default: every content action of every content type. */
  publicActions?: string[];
  /** Actions granted to Authenticated besides Strapi's defaults. */
  authenticatedActions?: string[];
  /** Merged into config/i18n.yaml, config/api.yaml … by file name (one level deep). */
  config?: Record<string, Record<string, unknown>>;
}

/**
 * A copy of the sample project (article, category, homepage; locales en and fr) whose roles hold
 * `publicActions` and `authenticatedActions` from the first start (`bootstrapPermissions`).
 */
export async function testProject(options: ProjectOptions = {}): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const sample = await copySampleProject();
  await writeFiles(sample.dir, options.files);
  const upFile = join(sample.dir, 'config/users-permissions.yaml');
  const up = parse(await readFile(upFile, 'utf8')) ?? {};
  let actions = options.publicActions;
  if (!actions) {
    const { contentTypes } = await loadSchemas(sample.dir);
    actions = contentTypes.flatMap((type) =>
      [...(type.kind === 'singleType' ? SINGLE_TYPE_ACTIONS : COLLECTION_TYPE_ACTIONS), ...(type.draftAndPublish ? DRAFT_ACTIONS : [])].map((action) => contentAction(type.singularName, action)),
    );
  }
  up.bootstrapPermissions = { public: actions, authenticated: options.authenticatedActions ?? [] };
  await writeFile(upFile, stringify(up));
  // The store switch: with FOLIO_TEST_DATABASE (a PostgreSQL server's URL, see scripts/run-tests.mjs)
  // the project keeps its data in a database of its own there, as a user's would with DATABASE_URL.
  const server = process.env.FOLIO_TEST_DATABASE;
  if (server) await writeFile(join(sample.dir, '.env'), `DATABASE_URL=${await createDatabase(server)}\n`, { mode: 0o600 });
  for (const [name, values] of Object.entries(options.config ?? {})) {
    const file = join(sample.dir, 'config', `${name}.yaml`);
    const current = parse(await readFile(file, 'utf8').catch(() => '')) ?? {};
    await writeFile(file, stringify({ ...current, ...values }));
  }
  return sample;
}

/**
 * Puts the project in `dir` in a git repository of its own, as a site's owner would: the project's
 * .gitignore, an identity, and one commit of everything (`-c safe.directory=*`: a spec may hand the
 * repository to another user).
 */
export async function commitProjectToGit(dir: string): Promise<void> {
  await writeFile(join(dir, '.gitignore'), PROJECT_GITIGNORE);
  const git = (...args: string[]) => execFileSync('git', ['-c', 'safe.directory=*', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('config', 'user.name', 'Site Admin');
  git('config', 'user.email', 'admin@example.com');
  git('add', '-A');
  git('commit', '-q', '-m', 'The site');
}

// ---------------------------------------------------------------------------------------------
// In process

export interface ApiServer {
  url: string;
  dir: string;
  project: Project;
  app: FolioApp;
  /** Every line the server logged so far. */
  log: string[];
  /** Of those, the lines it wrote on stdout (the request log). */
  stdout: string[];
  get<T = any>(path: string, headers?: Record<string, string>): Promise<JsonResponse<T>>;
  post<T = any>(path: string, body: unknown, headers?: Record<string, string>): Promise<JsonResponse<T>>;
  put<T = any>(path: string, body: unknown, headers?: Record<string, string>): Promise<JsonResponse<T>>;
  del<T = any>(path: string, headers?: Record<string, string>): Promise<JsonResponse<T>>;
  /** Any method, any body (a Buffer is sent as its bytes), the path as given (see `rawRequest`). */
  send<T = any>(method: string, path: string, body?: string | Buffer, headers?: Record<string, string>): Promise<JsonResponse<T>>;
  /** Stops the server but keeps the project's files (to serve them again). */
  stop(): Promise<void>;
  /** Stops the server and removes the project. */
  close(): Promise<void>;
}

/** What `openProject` is given besides the project's own files (the file system calls of its writes). */
export type ServeOptions = Pick<OpenOptions, 'fs'>;

/** `testProject(options)` served in this process on port 0, Public allowed every content action unless told otherwise. */
export async function apiServer(options: ProjectOptions & ServeOptions = {}): Promise<ApiServer> {
  const project = await testProject(options);
  return serveProject(project.dir, project.cleanup, { fs: options.fs });
}

/** The project in `dir` served in this process on port 0; `close()` runs `cleanup` after stopping. */
export async function serveProject(dir: string, cleanup: () => Promise<void> = async () => {}, options: ServeOptions = {}): Promise<ApiServer> {
  const log: string[] = [];
  const stdout: string[] = [];
  const logLines = (line: string, stream: 'stdout' | 'stderr') => {
    log.push(line);
    if (stream === 'stdout') stdout.push(line);
  };
  const project = await openProject(dir, { ...options, overrides: { port: 0 }, logLines });
  const running = await startServer(project);
  const call = (method: string) => (path: string, body?: unknown, headers?: Record<string, string>) =>
    request(`${running.url}${path}`, { method, body, headers });
  return {
    url: running.url,
    dir,
    project,
    app: running.app,
    log,
    stdout,
    get: (path, headers) => request(`${running.url}${path}`, { headers }),
    post: call('POST'),
    put: call('PUT'),
    del: (path, headers) => request(`${running.url}${path}`, { method: 'DELETE', headers }),
    send: (method, path, body, headers = {}) => rawRequest(`${running.url}${path}`, method, body, headers),
    stop: () => running.stop(),
    close: async () => {
      await running.stop();
      await cleanup();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// In a child process

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  /** Everything the server wrote on stderr so far. */
  stderr(): string;
  /** The lines it wrote on stdout after the ready line so far (the request log). */
  stdout(): string[];
  /** Sends `signal` (SIGTERM by default; SIGKILL for a crash), then answers the exit code, or the signal. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `folio serve --port 0` on `dir` as a child process and waits for the ready line; as
 * another user when `user` is given (a spec run as root, whom no file mode stops).
 */
export function serve(dir: string, args: string[] = [], env: Record<string, string> = {}, user?: { uid: number; gid: number }): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [folioBin, '--dir', dir, 'serve', '--port', '0', ...args], { env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'], ...user });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((done) => child.on('exit', (code, signal) => done(code ?? (signal as unknown as number))));
    const lines = createInterface({ input: child.stdout! });
    const stdout: string[] = [];
    lines.once('line', (line) => {
      lines.on('line', (next) => stdout.push(next));
      const match = /^foliocms listening on (http:\/\/\S+)$/.exec(line);
      if (!match) return reject(new Error(`unexpected first line: ${line}`));
      resolve({
        child,
        url: match[1]!,
        stderr: () => stderr,
        stdout: () => stdout,
        stop: async (signal = 'SIGTERM') => {
          if (child.exitCode === null) child.kill(signal);
          return exited;
        },
      });
    });
    child.on('exit', (code) => reject(new Error(`folio serve exited with ${code} before it was ready: ${stderr}`)));
  });
}
