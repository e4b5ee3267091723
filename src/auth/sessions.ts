/**
 * Refresh mode (`jwtManagement: refresh`): short access tokens and refresh tokens bound to stored
 * sessions (data/sessions.json). A refresh rotates the token; the old one is dead at once, and a
 * replayed old token ends its session (it can only come from a leak). Unlike Strapi, an access
 * token is honoured only while its session exists, so logout and password changes take effect
 * immediately.
 */
import { randomBytes, randomUUID, createHash } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { UsersPermissionsConfig } from '../config/index.js';
import { UnauthorizedError } from '../errors.js';
import { newDocumentId } from '../ids.js';
import type { Row, Table } from '../storage/index.js';
import { authMessages as m } from './messages.js';
import { signingKey } from './tokens.js';

const ALGORITHM = 'HS256';

export interface SessionRow extends Row {
  sessionId: string;
  user: number;
  /** The client's `deviceId`, else one made up at sign-in (null only in rows made before that). */
  deviceId: string | null;
  userAgent: string | null;
  /** SHA-256 of the one refresh token currently valid for this session. */
  refreshHash: string;
  createdAt: string;
  lastActiveAt: string;
  /** ISO times after which the session is over: since creation, and since last use. */
  absoluteExpiresAt: string;
  idleExpiresAt: string;
}

/** One entry of GET /api/auth/sessions. */
export interface SessionEntry {
  id: string;
  deviceId: string | null;
  /** From the User-Agent of the sign-in, e.g. "Chrome on macOS". */
  deviceName: string | null;
  current: boolean;
  loginAt: string;
  lastActiveAt: string;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

export interface SessionDeps {
  sessions: Table<SessionRow>;
  secret: () => string;
  settings: () => UsersPermissionsConfig['sessions'];
  now?: () => number;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Browsers and systems by the tokens of their User-Agent, the more specific first: Chromium forks
 * carry `Chrome/` and Chrome carries `Safari/`; iPhones say `Mac OS X`. Strapi 5 names them so.
 */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(?:YaBrowser|Yowser)\//, 'Yandex Browser'],
  [/\bBrave\//, 'Brave'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bWindows NT\b/, 'Windows'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * "Chrome on macOS", "Safari", "Linux", from a User-Agent, for the sessions list; null when it
 * names no browser or system we know.
 * @example deviceName('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) … Chrome/120.0 Safari/537.36') // 'Chrome on macOS'
 */
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([token]) => token.test(userAgent))?.[1];
  const os = SYSTEMS.find(([token]) => token.test(userAgent))?.[1];
  return browser && os ? `${browser} on ${os}` : (browser ?? os ?? null);
}

/**
 * @example const sessions = createSessions({ sessions: tables.sessions, secret: () => tokens.secret, settings: () => config.usersPermissions.sessions });
 */
export function createSessions(deps: SessionDeps) {
  const clock = deps.now ?? Date.now;
  const iso = (ms: number) => new Date(ms).toISOString();

  function sign(payload: Record<string, unknown>, seconds: number): string {
    return jwt.sign(payload, signingKey(deps.secret()), { algorithm: ALGORITHM, expiresIn: seconds });
  }

  function tokensFor(userId: number, sessionId: string): { accessToken: string; refreshToken: string } {
    const settings = deps.settings();
    return {
      accessToken: sign({ userId: String(userId), sessionId, type: 'access' }, settings.accessTokenLifespan),
      refreshToken: sign({ userId: String(userId), sessionId, type: 'refresh', nonce: randomBytes(16).toString('hex') }, settings.maxRefreshTokenLifespan),
    };
  }

  function isLive(session: SessionRow, at: number): boolean {
    return Date.parse(session.absoluteExpiresAt) > at && Date.parse(session.idleExpiresAt) > at;
  }

  /** Starts a session for a user who just proved who they are. */
  async function start(userId: number, meta: { deviceId?: string; userAgent?: string } = {}): Promise<SessionTokens> {
    const sessionId = randomBytes(16).toString('hex');
    const tokens = tokensFor(userId, sessionId);
    const at = clock();
    const settings = deps.settings();
    await deps.sessions.update((data) => {
      data.rows = data.rows.filter((row) => isLive(row, at)); // sweep the dead while we hold the lock
      data.rows.push({
        id: data.nextId++, documentId: newDocumentId(), sessionId, user: userId,
        // Without one from the client, a device of its own, as Strapi gives registrations and password changes.
        deviceId: meta.deviceId ?? randomUUID(), userAgent: meta.userAgent?.slice(0, 300) ?? null,
        refreshHash: sha256(tokens.refreshToken), createdAt: iso(at), lastActiveAt: iso(at),
        absoluteExpiresAt: iso(at + settings.maxRefreshTokenLifespan * 1000),
        idleExpiresAt: iso(at + settings.idleRefreshTokenLifespan * 1000),
      });
    });
    return { ...tokens, sessionId };
  }

  function decode(token: string, type: 'access' | 'refresh'): { userId: number; sessionId: string } | undefined {
    try {
      const payload = jwt.verify(token, signingKey(deps.secret()), { algorithms: [ALGORITHM] }) as Record<string, unknown>;
      const userId = Number(payload.userId);
      if (payload.type !== type || typeof payload.sessionId !== 'string' || !Number.isSafeInteger(userId)) return undefined;
      return { userId, sessionId: payload.sessionId };
    } catch {
      return undefined;
    }
  }

  /** The user and session of an access token whose session is still live. */
  function verifyAccess(token: string): { userId: number; sessionId: string } | undefined {
    const claims = decode(token, 'access');
    if (!claims) return undefined;
    const session = deps.sessions.rows().find((row) => row.sessionId === claims.sessionId);
    return session && session.user === claims.userId && isLive(session, clock()) ? claims : undefined;
  }

  /** Trades a refresh token for new tokens; the old one is dead afterwards. */
  async function rotate(refreshToken: string): Promise<SessionTokens & { userId: number }> {
    const claims = decode(refreshToken, 'refresh');
    if (!claims) throw new UnauthorizedError(m.invalidRefreshToken);
    const next = tokensFor(claims.userId, claims.sessionId);
    const outcome = await deps.sessions.update((data) => {
      const at = clock();
      const session = data.rows.find((row) => row.sessionId === claims.sessionId && row.user === claims.userId);
      if (!session) return 'unknown';
      if (!isLive(session, at) || session.refreshHash !== sha256(refreshToken)) {
        // Expired, or a token that was already rotated away: a replay ends the session for everyone holding it.
        data.rows = data.rows.filter((row) => row !== session);
        return 'refused';
      }
      session.refreshHash = sha256(next.refreshToken);
      session.lastActiveAt = iso(at);
      session.idleExpiresAt = iso(Math.min(at + deps.settings().idleRefreshTokenLifespan * 1000, Date.parse(session.absoluteExpiresAt)));
      return 'rotated';
    });
    if (outcome !== 'rotated') throw new UnauthorizedError(m.invalidRefreshToken);
    return { ...next, sessionId: claims.sessionId, userId: claims.userId };
  }

  /** Ends every session of a user (logout, password change or reset, deletion). */
  async function revokeAll(userId: number): Promise<number> {
    if (!deps.sessions.rows().some((row) => row.user === userId)) return 0;
    return deps.sessions.update((data) => {
      const before = data.rows.length;
      data.rows = data.rows.filter((row) => row.user !== userId);
      return before - data.rows.length;
    });
  }

  /**
   * The user's live sessions, the current one first, then by last activity. Every entry has every
   * key (Strapi leaves out what it does not know; here that is null), and nothing secret: no
   * token, hash, user id or User-Agent.
   */
  function list(userId: number, currentSessionId: string | undefined): SessionEntry[] {
    const at = clock();
    return deps.sessions
      .rows()
      .filter((row) => row.user === userId && isLive(row, at))
      .map((row) => ({
        id: row.sessionId,
        deviceId: row.deviceId ?? null,
        deviceName: deviceName(row.userAgent),
        current: row.sessionId === currentSessionId,
        loginAt: row.createdAt,
        lastActiveAt: row.lastActiveAt,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
  }

  /** Ends one session of the user; another user's session is "not found". */
  async function revoke(userId: number, sessionId: string): Promise<boolean> {
    return deps.sessions.update((data) => {
      const index = data.rows.findIndex((row) => row.sessionId === sessionId && row.user === userId);
      if (index < 0) return false;
      data.rows.splice(index, 1);
      return true;
    });
  }

  return { start, verifyAccess, rotate, revokeAll, list, revoke };
}

export type Sessions = ReturnType<typeof createSessions>;
