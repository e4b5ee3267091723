/**
 * The composition root, first half: `openProjectData(dir)` loads config and content types, opens
 * the store config/database.yaml names, and builds the services over its tables (what the CLI
 * needs). `openProject` (open-project.ts) builds a server's project on it.
 */
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig, type Config, type LoadOptions } from '../config/index.js';
import { createApiTokenService, type ApiTokenRow, type ApiTokenService, type AuthService, type Sessions, type TokenSettings } from '../auth/index.js';
import { ApplicationError } from '../errors.js';
import { actionCatalogue, createRoleService, seedBuiltInRoles, type PermissionRow, type RoleRow, type RoleService } from '../permissions/index.js';
import { createUserService, type UserRow, type UserService } from '../users/index.js';
import { createMediaService, localProvider, type FileRow, type MediaService } from '../media/index.js';
import type { ContentService } from '../content/index.js';
import { createModelLookup, type Model, type ModelLookup } from '../model/index.js';
import { createLogger, type Logger, type LoggerOptions } from '../log/index.js';
import { loadSchemas, type Schemas } from '../schema/index.js';
import { createFileStore, MIGRATIONS, type DocumentAdapter, type FileStore, type Row, type Table, type WriteFs } from '../storage/index.js';
import type { Redis } from '../redis/index.js';
import { createWebhookService, type DeliveryRow, type WebhookRow, type WebhookService } from '../webhooks/index.js';
import type { HistoryBook } from '../history/index.js';
import type { LocaleService } from '../i18n/index.js';
import { openExtensions, type Extensions } from '../extensions/index.js';
import { apiTokenSalt } from './api-token-salt.js';
import { openStore, type ProjectStore } from './store.js';
import { assertProject, projectEnv, projectPaths, type ProjectPaths } from './paths.js';


export interface Tables {
  users: Table<UserRow>;
  roles: Table<RoleRow>;
  permissions: Table<PermissionRow>;
  sessions: Table<Row>;
  tokens: Table<ApiTokenRow>;
  /** The media library's records (the bytes are in `upload.dir`). */
  files: Table<FileRow>;
  /** Webhooks, with their secrets and header values (data/webhooks.json: never versioned). */
  webhooks: Table<WebhookRow>;
  /** Each event recorded for each webhook, until delivered (and the last ones after). */
  deliveries: Table<DeliveryRow>;
}

export interface Project extends ProjectData {
  documents: DocumentAdapter;
  /** Content documents, served from memory. */
  content: ContentService;
  /** How JWTs are signed and checked. */
  tokens: TokenSettings;
  /** The accounts flows of /api/auth. */
  auth: AuthService;
  /** The locales' writes of the settings routes (config/i18n.yaml), followed by this process at once. */
  locales: LocaleService;
  /** Refresh-mode sessions. */
  sessions: Sessions;
  /** The public base URL: `server.url`, else the address the server listens on. */
  publicUrl(): string;
  /** Told by the server once it listens, for `publicUrl()`. */
  setListeningUrl(url: string): void;
  log: Logger;
  /** Follows changes made by others: data/ tables (the CLI), data/content/ documents (git, an editor) and config/i18n.yaml. Answers a stop function. */
  watch(): () => void;
  /** Resolves once every write this project started is on disk (another project's writes are not waited for). */
  flush(): Promise<void>;
  /** Redis, when `server.redis.url` is set: rate-limit counters and sign-ins shared by the processes. */
  redis: { client: Redis; url: string } | undefined;
  /** Closes the connections to the database and Redis (after the last request). */
  close(): Promise<void>;
  /**
   * Why the project's store cannot take writes now (a full or read-only disk), or undefined. While
   * it cannot, each call (at most one a second) probes the disk first, so the answer clears on its
   * own once the cause is gone.
   */
  storeProblem(): Promise<string | undefined>;
}

export interface OpenOptions extends DataOptions {
  /** Where the log's lines go (`server.logger` decides which and how): tests keep them. Default stderr and stdout. */
  logLines?: LoggerOptions['write'];
}

export interface DataOptions extends LoadOptions {
  /** The clock of expiries (API tokens); tests pass one they control. Default `Date.now`. */
  now?: () => number;
  /** The file system calls of the store's writes; tests pass calls that fail as a full disk does. Default: Node's. */
  fs?: WriteFs;
}

/**
 * A project without its content documents: config, content types, tables, and the services over
 * the tables. What the CLI needs to change users, roles and permissions; `openProject` builds on it.
 */
export interface ProjectData {
  paths: ProjectPaths;
  /** The current configuration; `i18n` follows `config/i18n.yaml` live while a server's `watch()` runs. */
  readonly config: Config;
  /** The content types and components; like `lookup`, `users` and `roles`, follows content-types/ while a server's `watch()` runs. */
  readonly schemas: Schemas;
  tables: Tables;
  /** Every model of the project (content types, components, the User and the Role), as the system sees them. */
  readonly lookup: ModelLookup & { userModel: Model; roleModel: Model };
  /** End users (data/users.json). */
  readonly users: UserService;
  /** Roles and their permissions. */
  readonly roles: RoleService;
  /** API tokens of sites and builds (data/tokens.json). */
  apiTokens: ApiTokenService;
  /** Uploaded files (Strapi's upload plugin). */
  media: MediaService;
  /** Webhooks and their deliveries; a running server sends them. */
  webhooks: WebhookService;
  /** Who made each write and each version as it was (docs/history.md): close it to commit what waits. */
  history: HistoryBook;
  /** The project's own code (extensions/index.ts), registered: its routes, policies and document middlewares. */
  extensions: Extensions;
  /** `NODE_ENV=production` in the environment it was opened with (GraphQL then refuses introspection). */
  production: boolean;
}

/** See `openProjectData` in index.ts, the module's door. */
export async function openProjectData(dir: string, options: DataOptions = {}): Promise<ProjectData> {
  return (await openData(dir, options)).data;
}

/** `openProjectData`, with the handles `openProject` builds on (see OpenedData). */
export async function openData(dir: string, options: DataOptions & { log?: Logger }): Promise<OpenedData> {
  await assertProject(projectPaths(dir));
  // .env under the real environment: FOLIO_DATA_DIR, JWT_SECRET and `env:NAME` values may come from either.
  const env = await projectEnv(dir, options.env);
  const paths = projectPaths(dir, env);
  const config = await loadConfig(paths.root, { ...options, env });
  const schemas = await loadSchemas(paths.root);
  let current = config;
  // Built once the store is open (below): the extension's register sees the content types as loaded.
  let models!: Models;
  // Before the store opens: an extension that does not load stops here, with nothing to close.
  const log = options.log ?? createLogger({ settings: () => current.server.logger });
  const extensions = await openExtensions({
    root: paths.root,
    log,
    schemas: () => (models as Models | undefined)?.schemas ?? schemas,
    rest: () => current.api.rest,
    tables: () => tables,
    userModel: () => models.lookup.userModel,
  });
  await mkdir(paths.data, { recursive: true, mode: 0o700 });
  // data/ holds password hashes and tokens: owner-only, also when it came from a git checkout.
  await chmod(paths.data, 0o700).catch(() => undefined);
  const files = createFileStore({ log: options.log, fs: options.fs });
  // The store config/database.yaml names holds the tables (and, in openProject, the documents).
  const store = await openStore(config.database, { files, paths });
  const tables = store.tables as unknown as Tables;
  await seedBuiltInRoles(tables.roles, tables.permissions, { extra: config.usersPermissions.bootstrapPermissions });
  const build = (next: Schemas): Models => {
    const lookup = createModelLookup(next);
    const users = createUserService({
      users: tables.users, roles: tables.roles, sessions: tables.sessions, userModel: lookup.userModel, lookup, config: () => current,
    });
    const roles = createRoleService({ roles: tables.roles, permissions: tables.permissions, users: tables.users, schemas: next, customActions: () => extensions.actions() });
    return { schemas: next, lookup, users, roles };
  };
  models = build(schemas);
  const apiTokens = createApiTokenService({
    tokens: tables.tokens,
    catalogue: () => actionCatalogue(models.schemas, extensions.actions()),
    ...apiTokenSalt(dir, options, env.API_TOKEN_SALT, paths, files),
    now: options.now,
  });
  const history = await store.openHistory({ commit: config.server.git.commit, log });
  const webhooks = createWebhookService({ webhooks: tables.webhooks, deliveries: store.deliveries, settings: () => current.server.webhooks });
  const media = createMediaService({
    files: tables.files,
    provider: localProvider(join(paths.root, config.upload.dir), files),
    settings: () => current.upload,
    webhooks,
    history: { book: history, paths: [join(paths.data, 'files.json'), join(paths.root, config.upload.dir)] },
  });
  const data: ProjectData = {
    paths,
    get config() {
      return current;
    },
    get schemas() {
      return models.schemas;
    },
    tables,
    get lookup() {
      return models.lookup;
    },
    get users() {
      return models.users;
    },
    get roles() {
      return models.roles;
    },
    apiTokens,
    media,
    webhooks,
    history,
    extensions,
    production: env.NODE_ENV === 'production',
  };
  return {
    data,
    files,
    store,
    setConfig: (next) => {
      current = next;
    },
    buildModels: build,
    setModels: (next) => {
      models = next;
    },
  };
}

/** What is built from the content types: rebuilt when they change on disk while a server runs. */
export type Models = Pick<ProjectData, 'schemas' | 'lookup' | 'users' | 'roles'>;

/**
 * `openProjectData`, plus the handles the server uses to change the config and the models its
 * services read, and the project's file store: every write of the project goes through it, so
 * `flush` can wait for them.
 */
export interface OpenedData {
  data: ProjectData;
  files: FileStore;
  /** Where the tables and documents are: `data/` or PostgreSQL, as `database.client` names it. */
  store: ProjectStore;
  setConfig(next: Config): void;
  buildModels(schemas: Schemas): Models;
  setModels(next: Models): void;
}

/** What `folio db migrate` did. */
export interface MigrateReport {
  /** The database, without its password. */
  database: string;
  /** The migrations applied now; none when the schema was current. */
  applied: number[];
  /** The schema version the database is at now. */
  version: number;
}

/** See `migrateDatabase` in index.ts, the module's door. */
export async function migrateDatabase(dir: string, options: DataOptions = {}): Promise<MigrateReport> {
  const { data, store } = await openData(dir, options);
  try {
    if (!store.migrated) throw new ApplicationError(`database.client is "${data.config.database.client}" (config/database.yaml): there is no database to migrate; set database.client to postgres, or DATABASE_URL`);
    return { database: store.shown, applied: store.migrated, version: MIGRATIONS.at(-1)!.version };
  } finally {
    await store.close();
  }
}
