/**
 * The composition root: `openProjectData(dir)` and `openProject(dir)` load config and content
 * types, open the stores, build every service, and keep them current while the CLI changes the
 * project underneath.
 */
import { watch, readFileSync, type FSWatcher } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { defaults, loadConfig, resolveI18n, validateConfigFile, type Config, type LoadOptions } from '../config/index.js';
import { createApiTokenService, createAuthService, createProviderLogin, createRedisPendingStore, createSessions, providerConfigProblems, resolveJwtSecret, type ApiTokenRow, type ApiTokenService, type AuthService, type Sessions, type SessionRow, type TokenSettings } from '../auth/index.js';
import { ApplicationError, ProjectFileError } from '../errors.js';
import { checkTemplate, createMailer, renderTemplate, type TemplateVariables } from '../email/index.js';
import { actionCatalogue, createRoleService, type RoleService } from '../permissions/index.js';
import { createUserService, type UserRow, type UserService } from '../users/index.js';
import { createMediaService, localProvider, type FileRow, type MediaService } from '../media/index.js';
import { checkStore, createContentService, createContentStore, type ContentService } from '../content/index.js';
import { createModelLookup, type Model, type ModelLookup } from '../model/index.js';
import { createLogger, type Logger, type LoggerOptions } from '../log/index.js';
import { seedBuiltInRoles, type PermissionRow, type RoleRow } from '../permissions/index.js';
import { loadSchemas, type Schemas } from '../schema/index.js';
import { createFileDocuments, createFileStore, createPostgresDocuments, MIGRATIONS, openTable, type DocumentAdapter, type FileStore, type Row, type Table, type WriteFs } from '../storage/index.js';
import { parseYaml } from '../yaml.js';
import { connectRedis, type Redis } from '../redis/index.js';
import { addEnvSecret } from './env-secrets.js';
import { startContentWatch } from './content-watch.js';
import { followContent } from './follow-content.js';
import { databaseProblem, followDatabase, openDatabase, type ProjectDatabase } from './database.js';
import { followContentTypes } from './follow-content-types.js';
import { createWebhookService, openSpool, startDeliveries, postgresDeliveries, type DeliveryRow, type WebhookRow, type WebhookService } from '../webhooks/index.js';
import { createLiveContent } from './live-content.js';
import { accountRows, dataLeftBehind } from './stores.js';
import { assertProject, projectEnv, projectPaths, TABLES, type ProjectPaths, type TableName } from './paths.js';


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
}

/** See `openProjectData` in index.ts, the module's door. */
export async function openProjectData(dir: string, options: DataOptions = {}): Promise<ProjectData> {
  return (await openData(dir, options)).data;
}

async function openData(dir: string, options: DataOptions & { log?: Logger }): Promise<OpenedData> {
  await assertProject(projectPaths(dir));
  // .env under the real environment: FOLIO_DATA_DIR, JWT_SECRET and `env:NAME` values may come from either.
  const env = await projectEnv(dir, options.env);
  const paths = projectPaths(dir, env);
  const config = await loadConfig(paths.root, { ...options, env });
  const schemas = await loadSchemas(paths.root);
  await mkdir(paths.data, { recursive: true, mode: 0o700 });
  // data/ holds password hashes and tokens: owner-only, also when it came from a git checkout.
  await chmod(paths.data, 0o700).catch(() => undefined);
  const files = createFileStore({ log: options.log, fs: options.fs });
  // With PostgreSQL the tables (and, in openProject, the documents) live there; data/ keeps the outbox.
  const database = config.database.client === 'postgres' ? await openDatabase(config.database) : undefined;
  const tables = (database?.tables ?? Object.fromEntries(
    await Promise.all(TABLES.map(async (name) => [name, await openTable(files, paths.data, name)] as const)),
  )) as unknown as Tables;
  await seedBuiltInRoles(tables.roles, tables.permissions, { extra: config.usersPermissions.bootstrapPermissions });
  let current = config;
  const build = (next: Schemas): Models => {
    const lookup = createModelLookup(next);
    const users = createUserService({
      users: tables.users, roles: tables.roles, sessions: tables.sessions, userModel: lookup.userModel, lookup, config: () => current,
    });
    const roles = createRoleService({ roles: tables.roles, permissions: tables.permissions, users: tables.users, schemas: next });
    return { schemas: next, lookup, users, roles };
  };
  let models = build(schemas);
  const apiTokens = createApiTokenService({
    tokens: tables.tokens,
    catalogue: () => actionCatalogue(models.schemas),
    ...apiTokenSalt(dir, options, env.API_TOKEN_SALT, paths, files),
    now: options.now,
  });
  // Waiting deliveries: a spool folder beside the tables (one file each), or the database's folio_deliveries.
  const deliveries = database ? postgresDeliveries(database.db) : await openSpool(files, join(paths.data, 'deliveries'), tables.deliveries);
  const webhooks = createWebhookService({ webhooks: tables.webhooks, deliveries, settings: () => current.server.webhooks });
  const media = createMediaService({
    files: tables.files,
    provider: localProvider(join(paths.root, config.upload.dir), files),
    settings: () => current.upload,
    webhooks,
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
  };
  return {
    data,
    files,
    database,
    setConfig: (next) => {
      current = next;
    },
    buildModels: build,
    setModels: (next) => {
      models = next;
    },
  };
}

/**
 * The salt of API tokens, from `.env` or the environment. A project made before API tokens has
 * none until its first `folio token create` adds one to `.env`: a running server reads `.env`
 * again then (at most once a second, and only for a request that carries a token).
 */
function apiTokenSalt(dir: string, options: DataOptions, initial: string | undefined, paths: ProjectPaths, files: FileStore) {
  let salt = initial;
  let lookedAt = 0;
  // The read of .env in progress: requests arriving meanwhile wait for it rather than go without
  // (a site's first requests come together, with a token made since the server started).
  let looking: Promise<string | undefined> | undefined;
  const current = async (): Promise<string | undefined> => {
    if (salt !== undefined) return salt;
    if (looking) return looking;
    if (Date.now() - lookedAt < 1000) return salt;
    lookedAt = Date.now();
    looking = projectEnv(dir, options.env)
      .then((env) => (salt = env.API_TOKEN_SALT))
      .finally(() => {
        looking = undefined;
      });
    return looking;
  };
  return {
    salt: current,
    ensureSalt: async () => (await current()) ?? (salt = await addEnvSecret(paths.envFile, 'API_TOKEN_SALT', files)),
  };
}

/** What is built from the content types: rebuilt when they change on disk while a server runs. */
type Models = Pick<ProjectData, 'schemas' | 'lookup' | 'users' | 'roles'>;

/**
 * `openProjectData`, plus the handles the server uses to change the config and the models its
 * services read, and the project's file store: every write of the project goes through it, so
 * `flush` can wait for them.
 */
interface OpenedData {
  data: ProjectData;
  files: FileStore;
  /** The PostgreSQL store, when `database.client` is `postgres`. */
  database: ProjectDatabase | undefined;
  setConfig(next: Config): void;
  buildModels(schemas: Schemas): Models;
  setModels(next: Models): void;
}

/** See `openProject` in index.ts, the module's door. */
export async function openProject(dir: string, options: OpenOptions = {}): Promise<Project> {
  // The config is read below, and may warn while it is: the log follows `server.logger` once it is read.
  let logSettings = defaults.server.logger;
  const log = createLogger({ write: options.logLines, settings: () => logSettings });
  // A secret still written in config/ works, and the server says once, at start, to move it to .env.
  const { data, files, database, setConfig, buildModels, setModels } = await openData(dir, { ...options, log, warn: (message) => log.warn(message) });
  const { paths, schemas, tables, lookup } = data;
  let config = data.config;
  logSettings = config.server.logger;
  const jwtSecret = await resolveJwtSecret(config.usersPermissions.jwtSecret, paths.data, files);
  if (jwtSecret.generated) log.warn('no JWT_SECRET is set (in .env or the environment), nor users-permissions.jwtSecret: generated one in data/.jwt-secret');
  const tokens: TokenSettings = { secret: jwtSecret.secret, expiresIn: config.usersPermissions.jwt.expiresIn };
  // Files changed by others are watched from before the documents are read, so none is missed.
  const contentWatch = !database && config.server.watchContent ? startContentWatch(paths.content, log) : undefined;
  try {
    const documents = database
      ? createPostgresDocuments(database.db)
      : createFileDocuments(files, paths.data, { onSkip: (path, reason) => log.warn(`${path}: ${reason}`), sweepTempFiles: true, onWrite: contentWatch?.onWrite });
    // data/ is walked once: the store's load sweeps the folders of the content types it reads.
    await files.removeStaleTempFiles(paths.data, { except: database ? [] : schemas.contentTypes.map((type) => join(paths.content, type.singularName)) });
    const store = createContentStore(documents, schemas);
    const contentShown = relative(paths.root, paths.content).split(sep).join('/');
    await store.load((file, problems) => log.warn(`${contentShown}/${file}: not served (${problems.join('; ')})`));
    if (database) {
      // A files project switched to a new database serves an empty site: said once, at start.
      const leftBehind = await dataLeftBehind({
        database: { documents: schemas.contentTypes.reduce((sum, type) => sum + store.documentIds(type).length, 0), ...accountRows(tables) },
        databaseShown: database.db.shown,
        dataDir: paths.data,
        dataShown: `${relative(paths.root, paths.data).split(sep).join('/')}/`,
        types: schemas.contentTypes.map((type) => type.singularName),
      });
      if (leftBehind) log.warn(leftBehind);
    }
    const contentDeps = { users: tables.users, roles: tables.roles, files: tables.files, i18n: () => config.i18n, webhooks: data.webhooks, componentIds: config.api.rest.componentIds };
    const live = createLiveContent(createContentService({ schemas, lookup, store, ...contentDeps }), schemas);

    /** Serves content types changed on disk, with every model and service built from them, or answers why not. */
    async function applyContentTypes(next: Schemas): Promise<string[]> {
      let problems: string[] = [];
      await live.replace(async () => {
        const nextStore = createContentStore(documents, next);
        try {
          await nextStore.load();
        } catch (error) {
          problems = [(error as Error).message];
          return undefined;
        }
        problems = checkStore(nextStore, next, config.i18n.locales.map((locale) => locale.code)).map((problem) => `${contentShown}/${problem}`);
        if (problems.length > 0) return undefined;
        const models = buildModels(next);
        setModels(models);
        return { content: createContentService({ schemas: next, lookup: models.lookup, store: nextStore, ...contentDeps }), schemas: next };
      });
      return problems;
    }
    for (const name of ['resetPassword', 'emailConfirmation'] as const) checkTemplate(config.email.templates[name], 'config/email.yaml', `templates.${name}`);
    const mailer = createMailer({ config: () => config.email, outboxDir: paths.outbox, files, log });
    const sessions = createSessions({ sessions: tables.sessions as unknown as Table<SessionRow>, secret: () => tokens.secret, settings: () => config.usersPermissions.sessions });
    let listeningUrl: string | undefined;
    const publicUrl = () => config.server.url ?? listeningUrl ?? `http://${config.server.host}:${config.server.port}`;
    const providerProblems = providerConfigProblems(config.usersPermissions.providers);
    if (providerProblems.length > 0) throw new ProjectFileError('config/users-permissions.yaml', undefined, providerProblems.join('; '));
    const redisUrl = config.server.redis.url;
    const redis = redisUrl === null ? undefined : { client: await connectRedis(redisUrl), url: redisUrl };
    const providers = createProviderLogin({
      config: () => ({ server: config.server, providers: config.usersPermissions.providers }),
      publicUrl,
      ...(redis && { pending: createRedisPendingStore(redis.client, redis.url, Date.now) }),
    });
    const auth = createAuthService({
      config: () => config,
      // Rebuilt with the content types (the User's own attributes are one): read at each call.
      get users() {
        return data.users;
      },
      userTable: tables.users, roles: tables.roles, tokens, sessions, publicUrl, log, providers,
      mail: { send: (message) => mailer.send(message), render: (template, variables) => renderTemplate(template, variables as TemplateVariables) },
    });

    const reloadLocales = () => {
      try {
        const file = 'config/i18n.yaml';
        const i18n = resolveI18n(validateConfigFile('i18n', parseYaml(readFileSync(join(paths.config, 'i18n.yaml'), 'utf8'), file)));
        if (JSON.stringify(i18n) === JSON.stringify(config.i18n)) return;
        config = { ...config, i18n };
        setConfig(config);
        log.info(`locales reloaded: ${i18n.locales.map((locale) => locale.code).join(', ')} (default ${i18n.defaultLocale})`);
      } catch (error) {
        // A half-edited file must not take a running server down: keep serving the last good locales.
        log.warn(`config/i18n.yaml was not reloaded: ${(error as Error).message}`);
      }
    };

    let probing: Promise<void> | undefined;
    let probedAt = -Infinity;
    const databaseHealth = database && databaseProblem(database.db);
    async function storeProblem(): Promise<string | undefined> {
      if (databaseHealth) return databaseHealth();
      if (files.problem() === undefined) return undefined;
      if (probing === undefined && Date.now() - probedAt >= 1000) {
        probedAt = Date.now();
        probing = files.probe(paths.data).catch(() => undefined).finally(() => (probing = undefined));
      }
      await probing;
      return files.problem();
    }

    const serving: Omit<Project, keyof ProjectData> = {
      documents,
      content: live.content,
      tokens,
      auth,
      sessions,
      publicUrl,
      setListeningUrl: (url) => {
        listeningUrl = url;
      },
      log,
      watch() {
        const tableFiles = new Map<string, Table<Row>>(TABLES.map((name: TableName) => [`${name}.json`, tables[name] as Table<Row>]));
        const watchers: FSWatcher[] = [
          watch(paths.data, (_event, filename) => {
            const table = filename ? tableFiles.get(filename.toString()) : undefined;
            if (!table) return;
            try {
              table.refresh();
            } catch (error) {
              log.error(`data/${filename} was not reloaded`, error);
            }
          }),
          watch(paths.config, (_event, filename) => {
            if (filename?.toString() === 'i18n.yaml') reloadLocales();
          }),
        ];
        for (const watcher of watchers) watcher.on('error', (error) => log.error('file watch failed', error));
        // Webhooks are sent by a serving process, after the answers whose writes recorded them.
        const deliveries = startDeliveries({ service: data.webhooks, webhooks: tables.webhooks, deliveries: data.webhooks.store, settings: () => config.server.webhooks, log });
        const stopWaking = data.webhooks.onRecorded(deliveries.wake);
        // Documents changed by others arrive from the database (other processes) or in data/content/ (git, an editor).
        const following = database ? followDatabase({ database, schemas: () => data.schemas, content: live.content, log }) : undefined;
        following?.catch((error: unknown) => log.error('listening to the database failed', error));
        const stopFollowing = config.server.watchContent
          ? [
            ...(contentWatch ? [followContent({ root: paths.root, contentDir: paths.content, schemas: () => data.schemas, content: live.content, log, watch: contentWatch })] : []),
            followContentTypes({ root: paths.root, log, schemas: () => data.schemas, apply: applyContentTypes }),
          ]
          : [];
        return () => {
          for (const watcher of watchers) watcher.close();
          for (const stop of stopFollowing) stop();
          stopWaking();
          void deliveries.stop();
          void following?.then((stop) => stop(), () => undefined);
        };
      },
      flush: files.whenIdle,
      storeProblem,
      redis,
      async close() {
        await contentWatch?.stop();
        redis?.client.disconnect();
        await database?.db.close();
      },
    };
    // Every folder is watched by now (the thread started before the documents were read): any change made after `openProject` is told.
    await contentWatch?.ready;
    // The project's data as it is, its live getters (config, content types and what is built from them) kept.
    return Object.defineProperties(serving, Object.getOwnPropertyDescriptors(data)) as Project;
  } catch (error) {
    await contentWatch?.stop(); // a project that did not open leaves no thread behind
    throw error;
  }
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
  const { data, database } = await openData(dir, options);
  if (!database) throw new ApplicationError(`database.client is "${data.config.database.client}" (config/database.yaml): there is no database to migrate; set database.client to postgres, or DATABASE_URL`);
  try {
    return { database: database.db.shown, applied: database.applied, version: MIGRATIONS.at(-1)!.version };
  } finally {
    await database.db.close();
  }
}
