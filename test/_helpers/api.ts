/** HTTP specs: a real server on port 0 over a temporary copy of a project. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parse, stringify } from 'yaml';
import { silentLogger, type Logger } from '../../src/log.js';
import { openProject, type Project } from '../../src/project/index.js';
import { startServer } from '../../src/server/index.js';
import { loadSchemas } from '../../src/schema/index.js';
import { COLLECTION_TYPE_ACTIONS, SINGLE_TYPE_ACTIONS, contentAction } from '../../src/permissions/index.js';
import { copySampleProject, request, type JsonResponse } from './index.js';

export interface ApiServer {
  url: string;
  dir: string;
  project: Project;
  get<T = any>(path: string, headers?: Record<string, string>): Promise<JsonResponse<T>>;
  post<T = any>(path: string, body: unknown, headers?: Record<string, string>): Promise<JsonResponse<T>>;
  put<T = any>(path: string, body: unknown, headers?: Record<string, string>): Promise<JsonResponse<T>>;
  del<T = any>(path: string, headers?: Record<string, string>): Promise<JsonResponse<T>>;
  /** Stops the server but keeps the project's files (to restart over them). */
  stop(): Promise<void>;
  /** Stops the server and removes the project. */
  close(): Promise<void>;
}

export interface ApiServerOptions {
  /** Extra project files, path → text (e.g. `content-types/tag.yaml`). */
  files?: Record<string, string>;
  /** Actions granted to Public; default: every content action of every content type. */
  publicActions?: string[];
  /** Actions granted to Authenticated besides Strapi's defaults. */
  authenticatedActions?: string[];
  /** Merged into config/i18n.yaml, config/api.yaml … by file name. */
  config?: Record<string, Record<string, unknown>>;
  /** Where the server logs (default: nowhere). */
  log?: Logger;
}

/**
 * The sample project (article, category, homepage; locales en and fr) served on port 0, with
 * Public allowed everything on content unless `publicActions` says otherwise.
 */
export async function apiServer(options: ApiServerOptions = {}): Promise<ApiServer> {
  const sample = await copySampleProject();
  for (const [file, text] of Object.entries(options.files ?? {})) {
    await mkdir(dirname(join(sample.dir, file)), { recursive: true });
    await writeFile(join(sample.dir, file), text);
  }
  const upFile = join(sample.dir, 'config/users-permissions.yaml');
  const up = parse(await readFile(upFile, 'utf8')) ?? {};
  let actions = options.publicActions;
  if (!actions) {
    const { contentTypes } = await loadSchemas(sample.dir);
    actions = contentTypes.flatMap((type) =>
      (type.kind === 'singleType' ? SINGLE_TYPE_ACTIONS : COLLECTION_TYPE_ACTIONS).map((action) => contentAction(type.singularName, action)),
    );
  }
  up.bootstrapPermissions = { public: actions, authenticated: options.authenticatedActions ?? [] };
  await writeFile(upFile, stringify(up));
  for (const [name, values] of Object.entries(options.config ?? {})) {
    const file = join(sample.dir, 'config', `${name}.yaml`);
    const current = parse(await readFile(file, 'utf8').catch(() => '')) ?? {};
    await writeFile(file, stringify({ ...current, ...values }));
  }
  const project = await openProject(sample.dir, { overrides: { port: 0 }, log: options.log ?? silentLogger });
  const running = await startServer(project);
  const call = (method: string) => (path: string, body?: unknown, headers?: Record<string, string>) =>
    request(`${running.url}${path}`, { method, body, headers });
  return {
    url: running.url,
    dir: sample.dir,
    project,
    get: (path, headers) => request(`${running.url}${path}`, { headers }),
    post: call('POST'),
    put: call('PUT'),
    del: (path, headers) => request(`${running.url}${path}`, { method: 'DELETE', headers }),
    stop: () => running.stop(),
    close: async () => {
      await running.stop();
      await sample.cleanup();
    },
  };
}

/**
 * Adds a user row straight into the users table, as the store keeps it, for states the API
 * cannot create (a blocked or unconfirmed user with a token, a provider account). Answers its id.
 */
export async function addUserRow(project: Project, values: Record<string, unknown> = {}, roleType = 'authenticated'): Promise<number> {
  const role = project.tables.roles.rows().find((row) => row.type === roleType)!;
  return project.tables.users.update((data) => {
    const id = data.nextId++;
    const stamp = '2026-01-01T00:00:00.000Z';
    data.rows.push({
      id, documentId: `user${id}`.padEnd(24, 'q'), username: `user${id}`, email: `user${id}@example.com`, provider: 'local', password: null,
      resetPasswordToken: null, confirmationToken: null, confirmed: true, blocked: false, role: role.id,
      createdAt: stamp, updatedAt: stamp, publishedAt: stamp, ...values,
    } as never);
    return id;
  });
}
