/**
 * The composition root, second half: `openProject(dir)` is a project as `folio serve` runs it — the
 * project's data (open.ts), then its documents read from the store, the content service over them,
 * the accounts (JWTs, sessions, mail, provider login), and what follows the changes others make
 * (tables and locales changed by the CLI, documents and content types changed on disk or by other
 * processes, webhooks to send). Each step is a function named for what it builds.
 */
import { watch, readFileSync, type FSWatcher } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { defaults, resolveI18n, validateConfigFile } from '../config/index.js';
import {
  createAuthService,
  createProviderLogin,
  createRedisPendingStore,
  createSessions,
  providerConfigProblems,
  derivedKey,
  resolveJwtSecret,
  type SessionRow,
  type TokenSettings,
} from '../auth/index.js';
import { ProjectFileError } from '../errors.js';
import { checkTemplate, createMailer, renderTemplate, type TemplateVariables } from '../email/index.js';
import { checkStore, createContentService, createContentStore } from '../content/index.js';
import { createLogger, type Logger } from '../log/index.js';
import type { Schemas } from '../schema/index.js';
import type { Row, Table } from '../storage/index.js';
import { parseYaml } from '../yaml.js';
import { connectRedis } from '../redis/index.js';
import { createLocaleService, documentsInLocale } from '../i18n/index.js';
import { startDeliveries } from '../webhooks/index.js';
import { followContentTypes } from './follow-content-types.js';
import { createLiveContent, type LiveContent } from './live-content.js';
import { openData, type OpenedData, type OpenOptions, type Project, type ProjectData } from './open.js';
import type { ServedDocuments } from './store.js';
import { TABLES, type TableName } from './paths.js';

/** See `openProject` in index.ts, the module's door. */
export async function openProject(dir: string, options: OpenOptions = {}): Promise<Project> {
  // The config is read below, and may warn while it is: the log follows `server.logger` once it is read.
  let logSettings = defaults.server.logger;
  const log = createLogger({ write: options.logLines, settings: () => logSettings });
  // A secret still written in config/ works, and the server says once, at start, to move it to .env.
  const opened = await openData(dir, { ...options, log, warn: (message) => log.warn(message) });
  const { data, files, store } = opened;
  logSettings = data.config.server.logger;
  const tokens = await signingSettings(opened, log);
  const served = store.serve({ log, watchContent: data.config.server.watchContent, contentTypes: data.schemas.contentTypes.map((type) => type.singularName) });
  let accounts: Accounts | undefined;
  try {
    const content = await serveContent(opened, served, log, derivedKey(tokens.secret, 'foliocms document states'));
    accounts = await openAccounts(opened, tokens, log);
    const serving: Omit<Project, keyof ProjectData> = {
      documents: served.documents,
      content: content.live.content,
      locales: createLocaleService({
        where: { projectDir: data.paths.root, dataDir: data.paths.data },
        i18n: () => data.config.i18n,
        reload: () => reloadLocales(opened, log),
        documentsIn: (code) => documentsInLocale(content.live.content, data.schemas.contentTypes, code),
      }),
      tokens,
      ...accounts,
      log,
      watch: () => followChanges(opened, served, content, log),
      flush: files.whenIdle,
      storeProblem: () => store.problem(),
      close: async () => {
        await data.extensions.close();
        await served.stop();
        await data.history.close();
        accounts?.redis?.client.disconnect();
        await store.close();
      },
    };
    // Every folder is watched by now (the watch started before the documents were read): any change made after `openProject` is told.
    await served.ready;
    // The extension's bootstrap may read and write documents: they are served from here on.
    await data.extensions.serve(content.live.content);
    // The project's data as it is, its live getters (config, content types and what is built from them) kept.
    return Object.defineProperties(serving, Object.getOwnPropertyDescriptors(data)) as Project;
  } catch (error) {
    // A project that did not open (a bootstrap that threw, say) leaves no thread or connection behind.
    await served.stop();
    accounts?.redis?.client.disconnect();
    await data.history.close().catch(() => undefined);
    await store.close().catch(() => undefined);
    throw error;
  }
}

/** How JWTs are signed: JWT_SECRET, else `users-permissions.jwtSecret`, else one generated and kept in `data/`. */
async function signingSettings({ data, files }: OpenedData, log: Logger): Promise<TokenSettings> {
  const { config, paths } = data;
  const jwtSecret = await resolveJwtSecret(config.usersPermissions.jwtSecret, paths.data, files);
  if (jwtSecret.generated) log.warn('no JWT_SECRET is set (in .env or the environment), nor users-permissions.jwtSecret: generated one in data/.jwt-secret');
  return { secret: jwtSecret.secret, expiresIn: config.usersPermissions.jwt.expiresIn };
}

/** The content a server serves, and how content types changed on disk replace it. */
interface ServedContent {
  live: LiveContent;
  /** Serves content types changed on disk, with every model and service built from them, or answers why not. */
  applyContentTypes(next: Schemas): Promise<string[]>;
}

/**
 * Reads the documents from the store (a file that is not valid is not served, and said once) and
 * builds the content service over them, kept one object while content types change. `stateKey`
 * keys the states entity tags name: derived from the signing secret, which every process of a site shares.
 */
async function serveContent(opened: OpenedData, served: ServedDocuments, log: Logger, stateKey: Buffer): Promise<ServedContent> {
  const { data } = opened;
  const { paths, schemas, tables, lookup } = data;
  await served.sweep();
  const contentShown = relative(paths.root, paths.content).split(sep).join('/');
  const store = createContentStore(served.documents, schemas);
  await store.load((file, problems) => log.warn(`${contentShown}/${file}: not served (${problems.join('; ')})`));
  const leftBehind = await served.startWarning(schemas.contentTypes.reduce((sum, type) => sum + store.documentIds(type).length, 0));
  if (leftBehind) log.warn(leftBehind);
  const config = data.config;
  const deps = { users: tables.users, roles: tables.roles, files: tables.files, i18n: () => data.config.i18n, webhooks: data.webhooks, history: data.history, componentIds: config.api.rest.componentIds, rest: () => data.config.api.rest, middlewares: data.extensions.middlewares, policies: data.extensions.policies, stateKey, reader: served.reader };
  const live = createLiveContent(createContentService({ schemas, lookup, store, ...deps }), schemas);

  async function applyContentTypes(next: Schemas): Promise<string[]> {
    let problems: string[] = [];
    await live.replace(async () => {
      const nextStore = createContentStore(served.documents, next);
      try {
        await nextStore.load();
      } catch (error) {
        problems = [(error as Error).message];
        return undefined;
      }
      problems = checkStore(nextStore, next, data.config.i18n.locales.map((locale) => locale.code)).map((problem) => `${contentShown}/${problem}`);
      if (problems.length > 0) return undefined;
      const models = opened.buildModels(next);
      opened.setModels(models);
      return { content: createContentService({ schemas: next, lookup: models.lookup, store: nextStore, ...deps }), schemas: next };
    });
    return problems;
  }
  return { live, applyContentTypes };
}

type Accounts = Pick<Project, 'auth' | 'sessions' | 'publicUrl' | 'setListeningUrl' | 'redis'>;

/**
 * The accounts of `/api/auth`: the mailer (its templates checked first), refresh sessions, the
 * public URL links are made with, provider login (its settings checked first) and Redis when
 * `server.redis.url` is set.
 */
async function openAccounts({ data, files }: OpenedData, tokens: TokenSettings, log: Logger): Promise<Accounts> {
  const { paths, tables } = data;
  const config = () => data.config;
  for (const name of ['resetPassword', 'emailConfirmation'] as const) checkTemplate(config().email.templates[name], 'config/email.yaml', `templates.${name}`);
  const mailer = createMailer({ config: () => config().email, outboxDir: paths.outbox, files, log });
  const sessions = createSessions({ sessions: tables.sessions as unknown as Table<SessionRow>, secret: () => tokens.secret, settings: () => config().usersPermissions.sessions });
  let listeningUrl: string | undefined;
  const publicUrl = () => config().server.url ?? listeningUrl ?? `http://${config().server.host}:${config().server.port}`;
  const providerProblems = providerConfigProblems(config().usersPermissions.providers);
  if (providerProblems.length > 0) throw new ProjectFileError('config/users-permissions.yaml', undefined, providerProblems.join('; '));
  const redisUrl = config().server.redis.url;
  const redis = redisUrl === null ? undefined : { client: await connectRedis(redisUrl), url: redisUrl };
  const providers = createProviderLogin({
    config: () => ({ server: config().server, providers: config().usersPermissions.providers }),
    publicUrl,
    ...(redis && { pending: createRedisPendingStore(redis.client, redis.url, Date.now) }),
  });
  const auth = createAuthService({
    config,
    // Rebuilt with the content types (the User's own attributes are one): read at each call.
    get users() {
      return data.users;
    },
    userTable: tables.users, roles: tables.roles, tokens, sessions, publicUrl, log, providers,
    afterAnswer: (task) => files.track(task),
    mail: { send: (message) => mailer.send(message), render: (template, variables) => renderTemplate(template, variables as TemplateVariables) },
  });
  const setListeningUrl = (url: string) => {
    listeningUrl = url;
  };
  return { auth, sessions, publicUrl, setListeningUrl, redis };
}

/** config/i18n.yaml read again: its locales served from now on, or the last good ones kept (said in the log). */
function reloadLocales({ data, setConfig }: OpenedData, log: Logger): void {
  try {
    const file = 'config/i18n.yaml';
    const i18n = resolveI18n(validateConfigFile('i18n', parseYaml(readFileSync(join(data.paths.config, 'i18n.yaml'), 'utf8'), file)));
    if (JSON.stringify(i18n) === JSON.stringify(data.config.i18n)) return;
    setConfig({ ...data.config, i18n });
    log.info(`locales reloaded: ${i18n.locales.map((locale) => locale.code).join(', ')} (default ${i18n.defaultLocale})`);
  } catch (error) {
    // A half-edited file must not take a running server down: keep serving the last good locales.
    log.warn(`config/i18n.yaml was not reloaded: ${(error as Error).message}`);
  }
}

/**
 * Follows the changes made by others while a server runs: tables and locales changed by the CLI,
 * documents changed on disk (git, an editor) or by other processes, content types changed on disk;
 * and sends the webhooks the writes recorded. Answers the stop.
 */
function followChanges(opened: OpenedData, served: ServedDocuments, content: ServedContent, log: Logger): () => void {
  const { data } = opened;
  const { paths, tables } = data;
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
      if (filename?.toString() === 'i18n.yaml') reloadLocales(opened, log);
    }),
  ];
  for (const watcher of watchers) watcher.on('error', (error) => log.error('file watch failed', error));
  // Webhooks are sent by a serving process, after the answers whose writes recorded them.
  const deliveries = startDeliveries({ service: data.webhooks, webhooks: tables.webhooks, deliveries: data.webhooks.store, settings: () => data.config.server.webhooks, log });
  const stopWaking = data.webhooks.onRecorded(deliveries.wake);
  // Documents changed by others arrive from the database (other processes) or in data/content/ (git, an editor).
  const stopFollowing = [
    served.follow({ schemas: () => data.schemas, content: content.live.content, log }),
    ...(data.config.server.watchContent ? [followContentTypes({ root: paths.root, log, schemas: () => data.schemas, apply: content.applyContentTypes })] : []),
  ];
  return () => {
    for (const watcher of watchers) watcher.close();
    for (const stop of stopFollowing) stop();
    stopWaking();
    void deliveries.stop();
  };
}
