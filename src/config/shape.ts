/** What each `config/*.yaml` file may contain, key by key (see CONTRACT.md "Project layout"). */
import {
  boolean, duration, integer, list, nonEmptyString, nullable, object, oneOf, Problem, record, size, string, url,
  type Check, type Shape,
} from './checks.js';
import type { ConfigFileName } from './types.js';

const port = integer(0, 65535);
const seconds = integer(1);

/** A BCP 47-ish locale code, as Strapi's strict mode checks it: `en`, `en-US`, `zh-Hans`. */
export const LOCALE_CODE = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/;

export const localeCode: Check = (v) => {
  if (typeof v === 'string' && v.length <= 35 && LOCALE_CODE.test(v)) return v;
  throw new Problem(`must be a locale code like "en", "fr" or "pt-BR", got ${JSON.stringify(v)}`);
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

export const shapes: Record<ConfigFileName, Shape> = {
  server: {
    host: nonEmptyString,
    port,
    url: nullable(url),
    proxy: boolean,
    bodyLimit: size,
    watchContent: boolean,
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
  api: {
    rest: {
      defaultLimit: integer(1),
      maxLimit: integer(1),
      withCount: boolean,
      strictParams: boolean,
      localeDocumentAsArray: boolean,
    },
  },
};
