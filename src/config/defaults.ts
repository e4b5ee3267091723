/**
 * Every default of the config keys (docs/configuration.md), in one frozen object. Layering is
 * defaults < config/*.yaml < environment < CLI flags (see `load.ts`).
 */
import type { Config } from './types.js';

const DAY = 24 * 60 * 60;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

export const defaults: Config = deepFreeze({
  database: {
    client: 'files',
    connection: { connectionString: null, host: '127.0.0.1', port: 5432, database: 'foliocms', user: 'postgres', password: null, ssl: false, schema: 'public' },
    pool: { min: 0, max: 10 },
  },
  // Strapi's upload plugin, but a 50 MB sizeLimit (Strapi: 1 GB); its thumbnail (245×156) is made apart from the breakpoints.
  upload: {
    sizeLimit: 50 * 1024 * 1024,
    // null: sizeLimit, as Strapi's body parser (formidable) limits a request's files together.
    requestSizeLimit: null,
    breakpoints: { large: 1000, medium: 750, small: 500 },
    dir: 'public/uploads',
  },
  server: {
    host: '127.0.0.1',
    port: 1337,
    url: null,
    proxy: false,
    bodyLimit: '1mb',
    watchContent: true,
    // Strapi 5's `strapi::cors` defaults, except keepHeaderOnError (Strapi: false): a browser must
    // be able to read an error answer.
    cors: {
      enabled: true,
      origin: '*',
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
      headers: ['Content-Type', 'Authorization', 'Origin', 'Accept'],
      expose: [],
      maxAge: 31_536_000,
      credentials: true,
      keepHeaderOnError: true,
    },
    // Strapi 5's `strapi::security`: what it changes in helmet's defaults (helmet sets the other
    // headers: nosniff, Referrer-Policy, X-DNS-Prefetch-Control …). Its CSP additions allow images
    // and media from data: and blob: URLs (previews of uploads), without Strapi's own marketplace host.
    security: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'connect-src': ["'self'", 'https:'],
          'img-src': ["'self'", 'data:', 'blob:'],
          'media-src': ["'self'", 'data:', 'blob:'],
          // Served over plain HTTP (localhost, behind a proxy), upgrading would break every request.
          'upgrade-insecure-requests': null,
        },
      },
      // Off, as in Strapi: Cross-Origin-Resource-Policy (same-origin by default) would keep
      // other sites from showing /uploads media.
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: false,
      originAgentCluster: false,
      xXssProtection: false,
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      xFrameOptions: { action: 'sameorigin' },
    },
    compression: { enabled: true, threshold: 1024 },
    redis: { url: null },
    // Five retries over about an hour after the first attempt, each waiting longer (Strapi retries none).
    // Receivers on loopback, link-local and private addresses are refused unless allowed: a webhook
    // must not be a way to reach what only the server's own network can.
    webhooks: { timeout: 10, retryDelays: [10, 60, 300, 900, 2400], allowPrivateAddresses: false },
    logger: { level: 'info', format: 'text', requests: true },
    admin: { enabled: true, path: '/admin' },
    git: { commit: false },
  },
  usersPermissions: {
    jwtSecret: null,
    jwt: { expiresIn: '30d' },
    jwtManagement: 'legacy-support',
    sessions: {
      accessTokenLifespan: 600,
      maxRefreshTokenLifespan: 30 * DAY,
      idleRefreshTokenLifespan: 14 * DAY,
      httpOnly: false,
      cookie: { name: 'strapi_up_refresh', sameSite: 'lax', secure: 'auto', path: '/', maxAge: null },
    },
    register: { allowedFields: [] },
    advanced: {
      allowRegister: true,
      emailConfirmation: false,
      emailConfirmationRedirection: '',
      emailResetPasswordUrl: '',
      defaultRole: 'authenticated',
      uniqueEmail: true,
    },
    ratelimit: { enabled: true, interval: 300_000, max: 5 },
    providers: {},
    bootstrapPermissions: { public: [], authenticated: [] },
  },
  email: {
    transport: 'outbox',
    from: 'foliocms <no-reply@localhost>',
    smtp: { host: '127.0.0.1', port: 25, secure: false, auth: null },
    templates: {
      resetPassword: {
        subject: 'Reset password',
        text: 'We heard that you lost your password. Sorry about that!\n\nBut don’t worry! You can use the following link to reset your password:\n{{URL}}?code={{TOKEN}}\n\nThanks.',
        html: '<p>We heard that you lost your password. Sorry about that!</p><p>But don’t worry! You can use the following link to reset your password:</p><p><a href="{{URL}}?code={{TOKEN}}">{{URL}}?code={{TOKEN}}</a></p><p>Thanks.</p>',
      },
      emailConfirmation: {
        subject: 'Account confirmation',
        text: 'Thank you for registering!\n\nYou have to confirm your email address. Please open the link below:\n{{URL}}?confirmation={{CODE}}\n\nThanks.',
        html: '<p>Thank you for registering!</p><p>You have to confirm your email address. Please click on the link below.</p><p><a href="{{URL}}?confirmation={{CODE}}">{{URL}}?confirmation={{CODE}}</a></p><p>Thanks.</p>',
      },
    },
  },
  i18n: {
    locales: [{ code: 'en', name: 'English (en)' }],
    defaultLocale: 'en',
  },
  api: {
    // Component entries without `id` (this API's spec); `componentIds: true` answers them as Strapi 5 does.
    rest: { defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: false, localeDocumentAsArray: true, componentIds: false },
  },
  graphql: {
    enabled: true,
    path: '/graphql',
    defaultLimit: 10,
    maxLimit: 100,
    depthLimit: 10,
    aliasLimit: 30,
    sizeLimit: 20_000,
    // As many fields as a query of sizeLimit characters could select without fragments (each takes
    // a name and a space): fragments never make a query larger than one could be written out.
    fieldLimit: 10_000,
    nodeLimit: 20_000,
    // In milliseconds. A query within the other limits answers in well under a second; ten leave
    // room for a slow database and large pages, and still end one that would not.
    timeLimit: 10_000,
    landingPage: false,
  },
});
