/** The one typed configuration object, built once at startup and passed down. */
import type { LogSettings } from '../log/index.js';
import type { PostgresSettings } from '../storage/index.js';

export interface ServerConfig {
  host: string;
  port: number;
  /** Public base URL used in emails and provider callbacks; null: http://HOST:PORT of the running server. */
  url: string | null;
  /** Trust X-Forwarded-* headers (only behind a proxy you control). */
  proxy: boolean;
  /** Largest accepted request body, as bytes or a size string like `1mb`. */
  bodyLimit: string | number;
  /**
   * Serve documents changed on disk under data/content/ (a `git pull`, an editor) without a
   * restart. It costs a file watch per document folder: memory, startup and write throughput.
   */
  watchContent: boolean;
  /** Cross-origin requests from browsers: Strapi's `strapi::cors` (see `src/server/cors.ts`). */
  cors: CorsConfig;
  /** Security headers on every answer: Strapi's `strapi::security`, i.e. helmet's options. */
  security: SecurityConfig;
  /** Compression of answers (koa-compress). */
  compression: CompressionConfig;
  /** The log: its level and format, and whether each answered request gets a line on stdout. */
  logger: LogSettings;
  /** Redis, shared by several processes: rate-limit counters and provider sign-ins in progress. Unset: each process's memory. */
  redis: { url: string | null };
  /**
   * Deliveries of webhooks: how long a receiver may take to answer (s), and the waits (s) before
   * each retry after a failed attempt (a network error, a timeout, a 5xx or 429); and whether a
   * receiver may be on a loopback, link-local or private address (checked on the address a
   * delivery connects to, not only on the name).
   */
  webhooks: { timeout: number; retryDelays: number[]; allowPrivateAddresses: boolean };
  /** The editors' page: served at `path` by `folio serve` unless turned off. */
  admin: { enabled: boolean; path: string };
  /**
   * History in git: with `commit`, every content write is committed, as its author, to the git
   * work tree the project is in (docs/history.md).
   */
  git: { commit: boolean };
}

/** `server.cors`: Strapi's `strapi::cors` keys. */
export interface CorsConfig {
  enabled: boolean;
  /** `*` (every origin) or the origins allowed, as browsers send them: `https://www.example.com`. */
  origin: '*' | string[];
  /** Methods a preflight allows (`Access-Control-Allow-Methods`). */
  methods: string[];
  /** Request headers a preflight allows (`Access-Control-Allow-Headers`). */
  headers: string[];
  /** Response headers a page may read besides the simple ones (`Access-Control-Expose-Headers`). */
  expose: string[];
  /** Seconds a browser may keep a preflight's answer (`Access-Control-Max-Age`). */
  maxAge: number;
  /** Allow requests with cookies (the origin is then echoed, never `*`). */
  credentials: boolean;
  /** Error answers carry the CORS headers too, so that a page can read a 401, 403 or 404. */
  keepHeaderOnError: boolean;
}

/** A CSP directive's sources (`["'self'", "data:"]`), or `null` to drop a directive helmet sets by default. */
export type CspSources = string[] | null;

/**
 * `server.security`: helmet's options, under helmet 8's names (the older ones Strapi's
 * documentation uses, `hsts`, `frameguard`, `xssFilter`…, are read as these). Each header is on
 * (`true`: helmet's default value), off (`false`), or on with options; a key not given is on.
 */
export interface SecurityConfig {
  contentSecurityPolicy?: boolean | { useDefaults?: boolean; reportOnly?: boolean; directives?: Record<string, CspSources> };
  crossOriginEmbedderPolicy?: boolean | { policy?: 'require-corp' | 'credentialless' | 'unsafe-none' };
  crossOriginOpenerPolicy?: boolean | { policy?: 'same-origin' | 'same-origin-allow-popups' | 'noopener-allow-popups' | 'unsafe-none' };
  crossOriginResourcePolicy?: boolean | { policy?: 'same-origin' | 'same-site' | 'cross-origin' };
  originAgentCluster?: boolean;
  referrerPolicy?: boolean | { policy?: string | string[] };
  strictTransportSecurity?: boolean | { maxAge?: number; includeSubDomains?: boolean; preload?: boolean };
  xContentTypeOptions?: boolean;
  xDnsPrefetchControl?: boolean | { allow?: boolean };
  xDownloadOptions?: boolean;
  xFrameOptions?: boolean | { action?: 'deny' | 'sameorigin' };
  xPermittedCrossDomainPolicies?: boolean | { permittedPolicies?: 'none' | 'master-only' | 'by-content-type' | 'all' };
  xPoweredBy?: boolean;
  xXssProtection?: boolean;
}

/** `server.compression`. */
export interface CompressionConfig {
  enabled: boolean;
  /** Answers smaller than this many bytes are sent as they are. */
  threshold: number;
}

export interface ProviderConfig {
  enabled: boolean;
  clientId?: string;
  clientSecret?: string;
  scope?: string[];
  authorizeUrl?: string;
  tokenUrl?: string;
  profileUrl?: string;
  issuer?: string;
  redirectUri?: string;
  callback?: string;
}

export interface UsersPermissionsConfig {
  jwtSecret: string | null;
  jwt: { expiresIn: string | number };
  jwtManagement: 'legacy-support' | 'refresh';
  sessions: {
    accessTokenLifespan: number;
    maxRefreshTokenLifespan: number;
    idleRefreshTokenLifespan: number;
    httpOnly: boolean;
    cookie: {
      name: string;
      sameSite: 'lax' | 'strict' | 'none';
      secure: boolean | 'auto';
      path: string;
      maxAge: number | null;
    };
  };
  register: { allowedFields: string[] };
  advanced: {
    allowRegister: boolean;
    emailConfirmation: boolean;
    emailConfirmationRedirection: string;
    emailResetPasswordUrl: string;
    defaultRole: string;
    uniqueEmail: boolean;
  };
  ratelimit: { enabled: boolean; interval: number; max: number };
  providers: Record<string, ProviderConfig>;
  /** Extra actions granted to the built-in roles when they are first created (empty data/). */
  bootstrapPermissions: { public: string[]; authenticated: string[] };
}

/** One email template. `{{NAME}}` placeholders are replaced by a fixed set of values; nothing is evaluated. */
export interface EmailTemplate {
  subject: string;
  text: string;
  html: string;
}

export interface EmailConfig {
  transport: 'outbox' | 'smtp';
  from: string;
  smtp: { host: string; port: number; secure: boolean; auth: { user: string; pass: string } | null };
  templates: { resetPassword: EmailTemplate; emailConfirmation: EmailTemplate };
}

export interface Locale {
  code: string;
  name: string;
}

export interface I18nConfig {
  locales: Locale[];
  defaultLocale: string;
}

export interface ApiConfig {
  rest: {
    defaultLimit: number;
    maxLimit: number;
    withCount: boolean;
    strictParams: boolean;
    localeDocumentAsArray: boolean;
    /** Answer component and dynamic-zone entries with their status-local numeric `id`, as Strapi 5 does. */
    componentIds: boolean;
  };
}

/** `config/database.yaml`: where the project's data lives (Strapi's `config/database` keys). */
export interface DatabaseConfig extends PostgresSettings {
  /** `files`: everything under `data/` (the default); `postgres`: documents and tables in PostgreSQL. */
  client: 'files' | 'postgres';
}

/** `config/upload.yaml`: media uploads (Strapi's upload plugin settings). */
export interface UploadConfig {
  /** The largest file accepted, in bytes (Strapi's `sizeLimit`). */
  sizeLimit: number;
  /** The most bytes of files one request may carry, together; null: `sizeLimit`. */
  requestSizeLimit: number | null;
  /** The responsive formats made of an image wider or taller than each: name → width in pixels. */
  breakpoints: Record<string, number>;
  /** Where the files are stored, relative to the project (served under `/uploads/`). */
  dir: string;
}

/** `config/graphql.yaml`: the GraphQL endpoint, as Strapi's GraphQL plugin is configured (docs/graphql.md). */
export interface GraphQLConfig {
  enabled: boolean;
  /** Where it answers, `/graphql` by default. */
  path: string;
  /** The rows of a list that asks for no `pagination`. */
  defaultLimit: number;
  /** The most rows a list answers: a larger `pageSize` or `limit` is cut to it. */
  maxLimit: number;
  /** The deepest a query may nest its fields. */
  depthLimit: number;
  /** The most aliases a query may use. */
  aliasLimit: number;
  /** The longest a query may be, in characters. */
  sizeLimit: number;
  /** The most fields a query may select, its fragments written out where they are spread. */
  fieldLimit: number;
  /** The most entries a query may ask for: its lists' limits, multiplied along each path and added up. */
  nodeLimit: number;
  /** The longest a query may run, in milliseconds. */
  timeLimit: number;
  /** A page for trying queries in a browser, at `path` (GET with `Accept: text/html`). */
  landingPage: boolean;
}

export interface Config {
  server: ServerConfig;
  database: DatabaseConfig;
  upload: UploadConfig;
  usersPermissions: UsersPermissionsConfig;
  email: EmailConfig;
  i18n: I18nConfig;
  api: ApiConfig;
  graphql: GraphQLConfig;
}

/** Section of `Config` ↔ the file under `config/` that holds it. */
export const CONFIG_FILES = {
  server: 'server',
  'users-permissions': 'usersPermissions',
  email: 'email',
  i18n: 'i18n',
  api: 'api',
  database: 'database',
  upload: 'upload',
  graphql: 'graphql',
} as const satisfies Record<string, keyof Config>;

export type ConfigFileName = keyof typeof CONFIG_FILES;
