/**
 * What we know about common providers: their endpoints, default scopes, how the token endpoint
 * takes the client secret, and how their profile says which email is verified. Every URL can be
 * overridden in `users-permissions.providers.<name>` (that is also how tests point a preset at a
 * local server), and an `issuer` there replaces the preset URLs by OpenID Connect discovery.
 *
 * A provider name that is not a preset is a generic OAuth 2 / OpenID Connect provider: its URLs
 * come from the config, or from `<issuer>/.well-known/openid-configuration`.
 */
import { isPlainObject } from '../../objects.js';

/** What a provider's profile says about the person, before the flow checks it. */
export interface MappedProfile {
  email: string | undefined;
  /** Only true when the provider says so explicitly: a missing claim is unverified (fail closed). */
  emailVerified: boolean;
  username: string | undefined;
}

/** What a preset may read to build the profile, all of it fetched server-side. */
export interface ProfileSource {
  /** The configured or preset profile URL (OIDC: userinfo). */
  profileUrl: string;
  /** GET a JSON document from the provider with the access token of the server-side exchange. */
  get(url: string): Promise<unknown>;
  /**
   * Claims of the `id_token` in the token response our server received directly from the token
   * endpoint (OpenID Connect Core §3.1.3.7: TLS to the token endpoint stands in for the
   * signature). Never a token from the browser.
   */
  idTokenClaims: Record<string, unknown> | undefined;
}

export type TokenAuth = 'client_secret_post' | 'client_secret_basic';

export interface Preset {
  /** How messages name the provider: `Email not verified by GitHub`. */
  label: string;
  authorizeUrl?: string;
  tokenUrl?: string;
  profileUrl?: string;
  scope: readonly string[];
  tokenAuth: TokenAuth;
  profile(source: ProfileSource): Promise<MappedProfile>;
}

/** The tenant id of personal Microsoft accounts, whose email addresses Microsoft has verified. */
const MICROSOFT_CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

const OIDC_SCOPE = ['openid', 'email', 'profile'] as const;

function asObject(value: unknown): Record<string, unknown> {
  return isPlainObject(value) ? value : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Some providers (Cognito among them) send booleans as strings. */
function yes(value: unknown): boolean {
  return value === true || value === 'true';
}

/** The standard claims of an OpenID Connect userinfo response. */
function oidcProfile(claims: Record<string, unknown>): MappedProfile {
  return {
    email: text(claims.email),
    emailVerified: yes(claims.email_verified),
    username: text(claims.preferred_username) ?? text(claims.nickname),
  };
}

async function userinfo(source: ProfileSource): Promise<MappedProfile> {
  return oidcProfile(asObject(await source.get(source.profileUrl)));
}

export const presets: Readonly<Record<string, Preset>> = Object.freeze({
  github: {
    label: 'GitHub',
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    profileUrl: 'https://api.github.com/user',
    scope: ['read:user', 'user:email'],
    tokenAuth: 'client_secret_post',
    /** `/user` carries only the public email; `/user/emails` says which one is primary and verified. */
    async profile(source) {
      const user = asObject(await source.get(source.profileUrl));
      const emails = await source.get(`${source.profileUrl.replace(/\/+$/, '')}/emails`);
      const primary = (Array.isArray(emails) ? emails : []).map(asObject).find((entry) => entry.primary === true);
      return primary
        ? { email: text(primary.email), emailVerified: primary.verified === true, username: text(user.login) }
        : { email: text(user.email), emailVerified: false, username: text(user.login) };
    },
  },
  google: {
    label: 'Google',
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    profileUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scope: OIDC_SCOPE,
    tokenAuth: 'client_secret_post',
    // Google's preferred_username is not set; the email's local part is the username (as Strapi).
    async profile(source) {
      const claims = asObject(await source.get(source.profileUrl));
      return { email: text(claims.email), emailVerified: yes(claims.email_verified), username: undefined };
    },
  },
  discord: {
    label: 'Discord',
    authorizeUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    profileUrl: 'https://discord.com/api/users/@me',
    scope: ['identify', 'email'],
    tokenAuth: 'client_secret_post',
    async profile(source) {
      const user = asObject(await source.get(source.profileUrl));
      return { email: text(user.email), emailVerified: user.verified === true, username: text(user.username) };
    },
  },
  microsoft: {
    label: 'Microsoft',
    authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    profileUrl: 'https://graph.microsoft.com/oidc/userinfo',
    scope: OIDC_SCOPE,
    tokenAuth: 'client_secret_post',
    /**
     * Microsoft's `email` claim is not verified for work accounts (the "nOAuth" account takeover),
     * and its userinfo has no `email_verified`. The email counts as verified only for personal
     * accounts (consumer tenant), when `email_verified` is sent, or with the optional `xms_edov`
     * (email domain owner verified) claim; otherwise the login is refused.
     */
    async profile(source) {
      const claims = { ...(source.idTokenClaims ?? {}), ...asObject(await source.get(source.profileUrl)) };
      const verified = yes(claims.email_verified) || yes(claims.xms_edov) || claims.tid === MICROSOFT_CONSUMER_TENANT;
      return { email: text(claims.email), emailVerified: verified, username: undefined };
    },
  },
  gitlab: {
    label: 'GitLab',
    authorizeUrl: 'https://gitlab.com/oauth/authorize',
    tokenUrl: 'https://gitlab.com/oauth/token',
    profileUrl: 'https://gitlab.com/oauth/userinfo',
    scope: OIDC_SCOPE,
    tokenAuth: 'client_secret_post',
    profile: userinfo,
  },
  /** Generic OpenID Connect: URLs from the config, or from its `issuer` by discovery. */
  oidc: {
    label: 'OpenID Connect',
    scope: OIDC_SCOPE,
    tokenAuth: 'client_secret_post',
    profile: userinfo,
  },
} satisfies Record<string, Preset>);

/**
 * The preset of a provider name. Any name that is not a preset is a generic OAuth 2 / OpenID
 * Connect provider like `oidc` (standard userinfo claims), named in messages by its config key.
 * @example presetFor('github').label // 'GitHub'
 */
export function presetFor(name: string): Preset {
  if (Object.hasOwn(presets, name)) return presets[name]!;
  return { ...presets.oidc!, label: name };
}
