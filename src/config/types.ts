/** The one typed configuration object, built once at startup and passed down. */

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
  };
}

export interface Config {
  server: ServerConfig;
  usersPermissions: UsersPermissionsConfig;
  email: EmailConfig;
  i18n: I18nConfig;
  api: ApiConfig;
}

/** Section of `Config` ↔ the file under `config/` that holds it. */
export const CONFIG_FILES = {
  server: 'server',
  'users-permissions': 'usersPermissions',
  email: 'email',
  i18n: 'i18n',
  api: 'api',
} as const satisfies Record<string, keyof Config>;

export type ConfigFileName = keyof typeof CONFIG_FILES;
