/** What each `config/*.yaml` file may contain, key by key (see docs/configuration.md). */
import { isPlainObject } from '../objects.js';
import {
  boolean, booleanOr, byteCount, checkAt, checkShape, duration, integer, list, listOrCommas, nonEmptyString, nullable, object, oneOf,
  Problem, record, show, size, string, url,
  type Check, type Shape,
} from './checks.js';
import { LOG_LEVELS } from '../log/index.js';
import type { ConfigFileName } from './types.js';

const port = integer(0, 65535);
const seconds = integer(1);

/** A BCP 47-ish locale code, as Strapi's strict mode checks it: `en`, `en-US`, `zh-Hans`. */
export const LOCALE_CODE = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/;

export const localeCode: Check = (v) => {
  if (typeof v === 'string' && v.length <= 35 && LOCALE_CODE.test(v)) return v;
  throw new Problem(`must be a locale code like "en", "fr" or "pt-BR", got ${JSON.stringify(v)}`);
};

/** Where GraphQL answers: a path of its own, outside `/api`, `/uploads` and `/admin`. */
const graphqlPath: Check = (v) => {
  if (typeof v === 'string' && /^\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(v) && !/^\/(api|uploads|admin|_health)(\/|$)/.test(v)) return v;
  throw new Problem(`must be a path like "/graphql", outside /api, /uploads, /admin and /_health, got ${JSON.stringify(v)}`);
};

/** `legacy` is accepted as Strapi's `legacy-support`. */
const jwtManagement: Check = (v) => (v === 'legacy' ? 'legacy-support' : oneOf('legacy-support', 'legacy', 'refresh')(v));

/** Strapi action ids, e.g. `api::article.article.find` or `plugin::users-permissions.auth.register`. */
const actionId: Check = (v) => {
  if (typeof v === 'string' && /^(api|plugin)::[a-z0-9-]+(\.[a-zA-Z0-9-]+){2,3}$/.test(v)) return v;
  throw new Problem(`must be an action id like "api::article.article.find", got ${JSON.stringify(v)}`);
};

/**
 * OAuth scopes: a YAML list, or the space-separated string every provider documents
 * (`openid email profile`, RFC 6749 §3.3). Either way a list of scopes.
 */
const scope: Check = (v) => {
  if (typeof v === 'string') {
    const scopes = v.split(/\s+/).filter((entry) => entry !== '');
    if (scopes.length > 0) return scopes;
    throw new Problem(`must be scopes like "openid email profile" or a list of them, got ${JSON.stringify(v)}`);
  }
  return list(nonEmptyString)(v);
};

const provider: Shape = {
  enabled: boolean,
  clientId: string,
  clientSecret: string,
  scope,
  authorizeUrl: url,
  tokenUrl: url,
  profileUrl: url,
  issuer: url,
  redirectUri: url,
  callback: url,
};

// ---------------------------------------------------------------------------------------------
// server.cors

/**
 * An origin as a browser sends it in `Origin`: scheme, host and port, nothing else. Answered as
 * the URL parser writes it (lower case, no default port), so that it compares equal. No
 * wildcards: as in Strapi, an origin is allowed when it is listed as it is.
 */
const origin: Check = (v) => {
  if (typeof v === 'string' && v.includes('*')) throw new Problem(`must list origins one by one, without wildcards, got ${show(v)}`);
  if (typeof v === 'string') {
    try {
      const parsed = new URL(v.trim());
      const bare = parsed.pathname === '' || parsed.pathname === '/';
      if (parsed.host !== '' && bare && !parsed.search && !parsed.hash && !parsed.username && !parsed.password) return `${parsed.protocol}//${parsed.host}`;
    } catch {
      // fall through to the message below
    }
  }
  throw new Problem(`must be an origin like "https://www.example.com" (scheme, host and port only), got ${show(v)}`);
};

/** `*`, or the origins allowed: a list, or one comma-separated string as Strapi takes it. */
const corsOrigin: Check = (v) => {
  if (v === '*') return '*';
  const origins = listOrCommas(origin)(v) as string[];
  if (origins.length === 0) throw new Problem('must be "*" or list at least one origin (to turn CORS off: cors.enabled: false)');
  return origins;
};

/** HTTP method names, upper-cased as browsers compare them. */
const method: Check = (v) => {
  if (typeof v === 'string' && /^[A-Za-z]+$/.test(v)) return v.toUpperCase();
  throw new Problem(`must be an HTTP method like "GET", got ${show(v)}`);
};

/** A header name (RFC 9110 token), or `*`. */
const headerName: Check = (v) => {
  if (typeof v === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(v)) return v;
  throw new Problem(`must be a header name like "Authorization", got ${show(v)}`);
};

const cors: Shape = {
  enabled: boolean,
  origin: corsOrigin,
  methods: listOrCommas(method),
  headers: listOrCommas(headerName),
  expose: listOrCommas(headerName),
  maxAge: integer(0),
  credentials: boolean,
  keepHeaderOnError: boolean,
};

// ---------------------------------------------------------------------------------------------
// server.security (helmet)

/** Keywords a CSP needs in single quotes; helmet refuses them bare (a YAML `'self'` loses its quotes). */
const QUOTED_IN_CSP = /^(none|self|strict-dynamic|report-sample|inline-speculation-rules|unsafe-inline|unsafe-eval|unsafe-hashes|wasm-unsafe-eval|(nonce|sha256|sha384|sha512)-.*)$/;

/** One CSP source (`'self'`, `data:`, `https://cdn.example.com`). */
const cspSource: Check = (v) => {
  if (typeof v !== 'string' || v === '' || /[;,\s]/.test(v)) throw new Problem(`must be a CSP source like "'self'" or "https://cdn.example.com", got ${show(v)}`);
  if (QUOTED_IN_CSP.test(v)) throw new Problem(`must keep its single quotes: write "'${v}'"`);
  return v;
};

/**
 * A directive's sources: a list, or one string of them separated by spaces as a CSP writes them
 * (`"'self' data:"`); `[]` for a directive without sources; `null` drops a directive helmet sets.
 */
const cspSources: Check = (v) => {
  if (v === null) return null;
  if (typeof v === 'string') return v.trim().split(/\s+/).filter((entry) => entry !== '').map((entry) => cspSource(entry));
  return list(cspSource)(v);
};

/** CSP directives by name, kebab-case (`img-src`) or helmet's camelCase (`imgSrc`): answered kebab-case, as defaults.ts writes them. */
const cspDirectives: Check = (v) => {
  if (!isPlainObject(v)) throw new Problem(`must be a mapping of CSP directives like img-src, got ${show(v)}`);
  const directives: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(v)) {
    if (!/^[a-z](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$/.test(key)) throw new Problem('is not a CSP directive name like img-src', [key]);
    const name = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    if (Object.hasOwn(directives, name)) throw new Problem(`is ${name} given twice`, [key]);
    if (name === 'default-src' && value === null) throw new Problem('cannot be dropped: every other directive falls back to it', [key]);
    directives[name] = checkAt(cspSources, value, key);
  }
  return directives;
};

const contentSecurityPolicy: Check = (v) => {
  const csp = booleanOr({ useDefaults: boolean, reportOnly: boolean, directives: cspDirectives })(v);
  if (typeof csp === 'object' && csp !== null && (csp as { useDefaults?: boolean }).useDefaults === false) {
    const directives = (csp as { directives?: Record<string, unknown> }).directives;
    if (!directives?.['default-src']) throw new Problem('must set default-src when useDefaults is false', ['directives']);
  }
  return csp;
};

/**
 * A check for the URL of a server reached with one of `protocols`. Such a URL may hold a password,
 * so a problem with it never shows the value.
 */
function serviceUrl(protocols: readonly string[], example: string): Check {
  return (v) => {
    let parsed: URL | undefined;
    try {
      parsed = typeof v === 'string' ? new URL(v) : undefined;
    } catch {
      parsed = undefined;
    }
    if (parsed && protocols.includes(parsed.protocol) && parsed.hostname !== '') return v;
    throw new Problem(`must be a URL like ${example} (the value is not shown: it may hold a password)`);
  };
}

/** @example postgresUrl('postgres://folio:secret@db.internal:5432/site') // the same string */
export const postgresUrl = serviceUrl(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/database');
/** `redis://` or `rediss://`. @example redisUrl('redis://cache.internal:6379') // the same string */
export const redisUrl = serviceUrl(['redis:', 'rediss:'], 'redis://host:6379');

/** A PostgreSQL schema name that needs no quoting: letters, digits and _, not starting with a digit. */
const schemaName: Check = (v) => {
  if (typeof v === 'string' && /^[a-z_][a-z0-9_]{0,62}$/.test(v)) return v;
  throw new Problem(`must be a schema name of lower-case letters, digits and _ (not starting with a digit), got ${show(v)}`);
};

/** A folder inside the project: relative, and never above it. @example relativeFolder('public/uploads') */
const relativeFolder: Check = (v) => {
  if (typeof v === 'string' && v.trim() !== '' && !v.startsWith('/') && !/^[a-zA-Z]:/.test(v) && !v.split(/[\\/]/).includes('..') && !v.includes('\0')) return v;
  throw new Problem(`must be a folder inside the project, like public/uploads (relative, without ..), got ${show(v)}`);
};

/** The responsive formats of images: name → width in pixels. @example breakpoints({ large: 1000 }) */
const breakpoints: Check = (v) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Problem(`must be a mapping of format names to widths, like { large: 1000, small: 500 }, got ${show(v)}`);
  return Object.fromEntries(Object.entries(v).map(([name, width]) => {
    if (!/^[a-z][a-z0-9_-]{0,31}$/i.test(name) || name === 'thumbnail') throw new Problem(`${JSON.stringify(name)} cannot name a format (letters, digits, - and _; thumbnail is made apart)`, [name]);
    return [name, checkAt(integer(1, 10_000), width, name)];
  }));
};

/** A password: a problem with it never shows the value. */
/** Where the editors' page is served: a path of its own, not under `/api` or `/uploads`. */
const adminPath: Check = (v) => {
  if (typeof v !== 'string' || !/^\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(v)) throw new Problem('must be a path like /admin (letters, digits, - . _ ~; no trailing slash)');
  if (/^\/(api|uploads|_health)(\/|$)/.test(v)) throw new Problem(`must not be under ${v.split('/')[1] === 'api' ? '/api' : v.split('/')[1] === 'uploads' ? '/uploads' : '/_health'}, which the server answers itself`);
  return v;
};

const password: Check = (v) => {
  if (typeof v === 'string') return v;
  throw new Problem('must be a string (the value is not shown)');
};

const REFERRER_POLICIES = ['no-referrer', 'no-referrer-when-downgrade', 'same-origin', 'origin', 'strict-origin', 'origin-when-cross-origin', 'strict-origin-when-cross-origin', 'unsafe-url'] as const;

/** `deny` or `sameorigin`, in any case, as helmet reads X-Frame-Options' action. */
const frameAction: Check = (v) => oneOf('deny', 'sameorigin')(typeof v === 'string' ? v.toLowerCase() : v);

/** helmet 8's option names; Strapi's documentation and older helmets use the names of `SECURITY_ALIASES`. */
const security: Shape = {
  contentSecurityPolicy,
  crossOriginEmbedderPolicy: booleanOr({ policy: oneOf('require-corp', 'credentialless', 'unsafe-none') }),
  crossOriginOpenerPolicy: booleanOr({ policy: oneOf('same-origin', 'same-origin-allow-popups', 'noopener-allow-popups', 'unsafe-none') }),
  crossOriginResourcePolicy: booleanOr({ policy: oneOf('same-origin', 'same-site', 'cross-origin') }),
  originAgentCluster: boolean,
  referrerPolicy: booleanOr({ policy: (v) => (Array.isArray(v) ? list(oneOf(...REFERRER_POLICIES))(v) : oneOf(...REFERRER_POLICIES)(v)) }),
  strictTransportSecurity: booleanOr({ maxAge: integer(0), includeSubDomains: boolean, preload: boolean }),
  xContentTypeOptions: boolean,
  xDnsPrefetchControl: booleanOr({ allow: boolean }),
  xDownloadOptions: boolean,
  xFrameOptions: booleanOr({ action: frameAction }),
  xPermittedCrossDomainPolicies: booleanOr({ permittedPolicies: oneOf('none', 'master-only', 'by-content-type', 'all') }),
  xPoweredBy: boolean,
  xXssProtection: boolean,
};

const SECURITY_ALIASES = {
  hsts: 'strictTransportSecurity',
  noSniff: 'xContentTypeOptions',
  dnsPrefetchControl: 'xDnsPrefetchControl',
  ieNoOpen: 'xDownloadOptions',
  frameguard: 'xFrameOptions',
  permittedCrossDomainPolicies: 'xPermittedCrossDomainPolicies',
  hidePoweredBy: 'xPoweredBy',
  xssFilter: 'xXssProtection',
} as const;

export const shapes: Record<ConfigFileName, Shape> = {
  server: {
    host: nonEmptyString,
    port,
    url: nullable(url),
    proxy: boolean,
    bodyLimit: size,
    watchContent: boolean,
    cors,
    security: (v) => checkShape(security, v, SECURITY_ALIASES),
    compression: { enabled: boolean, threshold: byteCount },
    logger: { level: oneOf(...LOG_LEVELS), format: oneOf('text', 'json'), requests: boolean },
    redis: { url: nullable(redisUrl) },
    webhooks: { timeout: seconds, retryDelays: list(seconds), allowPrivateAddresses: boolean },
    admin: { enabled: boolean, path: adminPath },
    git: { commit: boolean },
  },
  'users-permissions': {
    jwtSecret: nullable(nonEmptyString),
    jwt: { expiresIn: duration },
    jwtManagement,
    sessions: {
      accessTokenLifespan: seconds,
      maxRefreshTokenLifespan: seconds,
      idleRefreshTokenLifespan: seconds,
      httpOnly: boolean,
      cookie: {
        name: nonEmptyString,
        sameSite: oneOf('lax', 'strict', 'none'),
        secure: oneOf(true, false, 'auto'),
        path: nonEmptyString,
        maxAge: nullable(seconds),
      },
    },
    register: { allowedFields: list(nonEmptyString) },
    advanced: {
      allowRegister: boolean,
      emailConfirmation: boolean,
      emailConfirmationRedirection: string,
      emailResetPasswordUrl: string,
      defaultRole: nonEmptyString,
      uniqueEmail: boolean,
    },
    ratelimit: { enabled: boolean, interval: integer(1), max: integer(1) },
    providers: record(provider),
    bootstrapPermissions: { public: list(actionId), authenticated: list(actionId) },
  },
  email: {
    transport: oneOf('outbox', 'smtp'),
    from: nonEmptyString,
    smtp: {
      host: nonEmptyString,
      port: integer(1, 65535),
      secure: boolean,
      auth: nullable(object({ user: string, pass: string })),
    },
    templates: {
      resetPassword: { subject: nonEmptyString, text: nonEmptyString, html: nonEmptyString },
      emailConfirmation: { subject: nonEmptyString, text: nonEmptyString, html: nonEmptyString },
    },
  },
  i18n: {
    locales: list(object({ code: localeCode, name: nonEmptyString })),
    defaultLocale: localeCode,
  },
  database: {
    client: oneOf('files', 'postgres'),
    connection: {
      connectionString: nullable(postgresUrl),
      host: nonEmptyString,
      port: integer(1, 65535),
      database: nonEmptyString,
      user: nonEmptyString,
      password: nullable(password),
      ssl: boolean,
      schema: schemaName,
    },
    pool: { min: integer(0, 100), max: integer(1, 100) },
  },
  upload: {
    sizeLimit: integer(1),
    requestSizeLimit: nullable(integer(1)),
    breakpoints,
    dir: relativeFolder,
  },
  api: {
    rest: {
      defaultLimit: integer(1),
      maxLimit: integer(1),
      withCount: boolean,
      strictParams: boolean,
      localeDocumentAsArray: boolean,
      componentIds: boolean,
    },
  },
  graphql: {
    enabled: boolean,
    path: graphqlPath,
    defaultLimit: integer(1),
    maxLimit: integer(1),
    depthLimit: integer(1, 100),
    aliasLimit: integer(0),
    sizeLimit: integer(100),
    fieldLimit: integer(1),
    nodeLimit: integer(1),
    timeLimit: integer(1),
    landingPage: boolean,
  },
};
