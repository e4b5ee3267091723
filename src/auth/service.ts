/**
 * The accounts flows of `/api/auth/…` with Strapi 5's rules (docs/api/accounts.md):
 * login, registration, password reset and change, email confirmation, and the token answer
 * of each in legacy or refresh mode. Transport-free: the routes decide cookies and statuses.
 */
import type { Config, EmailTemplate } from '../config/index.js';
import { ApplicationError, BadRequestError, NotFoundError, UnauthorizedError, ValidationError } from '../errors.js';
import type { Logger } from '../log/index.js';
import type { Table } from '../storage/index.js';
import type { UserRow, UserService } from '../users/index.js';
import { checkBody, checkPasswordLength } from './body.js';
import { authMessages as m } from './messages.js';
import { createInvite, setPasswordUrl } from './invite.js';
import { hashOneTimeToken, newOneTimeToken, RESET_CODE_LIFETIME_MS } from './one-time-tokens.js';
import { hashPassword, needsRehash, verifyPassword } from '../password.js';
import { SYSTEM_ACTOR, type Actor, type RoleRow } from '../permissions/index.js';
import { findOrCreateUser, type ProviderLogin } from './providers/index.js';
import type { Sessions } from './sessions.js';
import { issueToken, type TokenSettings } from './tokens.js';

/** What sending an email needs (see email/). */
export interface MailPort {
  send(message: { to: string; subject: string; text: string; html: string }): Promise<unknown>;
  render(template: EmailTemplate, variables: Record<string, unknown>): { subject: string; text: string; html: string };
}

export interface AuthDeps {
  config: () => Config;
  users: UserService;
  userTable: Table<UserRow>;
  tokens: TokenSettings;
  sessions: Sessions;
  mail: MailPort;
  /** The public base URL: `server.url`, else http://HOST:PORT of the running server. */
  publicUrl: () => string;
  /** Third-party sign-in (auth/providers). */
  providers: ProviderLogin;
  roles: { rows(): readonly RoleRow[] };
  log: Logger;
  /**
   * Runs work that follows an answer (an email and the token it carries), counted as work in
   * progress until it settles, so that a shutdown waits for it instead of cutting it off.
   */
  afterAnswer(task: () => Promise<unknown>): Promise<unknown>;
}

/** Who is asking, for sessions in refresh mode. */
export interface ClientInfo {
  deviceId?: string;
  userAgent?: string;
}

export interface AuthAnswer {
  jwt: string;
  user: Record<string, unknown>;
  /** Only in refresh mode. */
  refreshToken?: string;
}

/**
 * A password change or reset raises the user's token version: every token issued before it stops
 * working, in legacy mode too (refresh mode also ends the sessions).
 */
const nextTokenVersion = (user: UserRow) => (typeof user.tokenVersion === 'number' ? user.tokenVersion : 0) + 1;

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * @example const auth = createAuthService({ config, users, userTable, tokens, sessions, mail, publicUrl, log });
 */
export function createAuthService(deps: AuthDeps) {
  const up = () => deps.config().usersPermissions;
  const refreshMode = () => up().jwtManagement === 'refresh';

  /** The answer of every flow that signs someone in. */
  async function answer(user: UserRow, client: ClientInfo = {}): Promise<AuthAnswer> {
    const shown = deps.users.sanitizeUser(user);
    if (!refreshMode()) return { jwt: issueToken(deps.tokens, user.id, typeof user.tokenVersion === 'number' ? user.tokenVersion : 0), user: shown };
    const session = await deps.sessions.start(user.id, client);
    return { jwt: session.accessToken, refreshToken: session.refreshToken, user: shown };
  }

  const findLocal = (identifier: string): UserRow | undefined =>
    deps.userTable.rows().find((row) => row.provider === 'local' && (row.email === identifier.toLowerCase() || row.username === identifier));

  /** Changes a user's fields; `touch: false` for upkeep the user did not ask for (a hash made stronger). */
  async function setUserFields(id: number, fields: Partial<UserRow>, { touch = true } = {}): Promise<UserRow> {
    return deps.userTable.update((data) => {
      const row = data.rows.find((candidate) => candidate.id === id);
      if (!row) throw new NotFoundError('User not found');
      Object.assign(row, fields, touch && { updatedAt: new Date().toISOString() });
      return row;
    });
  }

  async function mail(user: UserRow, template: EmailTemplate, variables: Record<string, unknown>): Promise<void> {
    const rendered = deps.mail.render(template, {
      ...variables,
      SERVER_URL: deps.publicUrl(),
      USER: { id: user.id, username: user.username, email: user.email },
    });
    await deps.mail.send({ to: user.email, ...rendered });
  }

  async function sendConfirmation(user: UserRow): Promise<void> {
    const { token, hash } = newOneTimeToken(20);
    await setUserFields(user.id, { confirmationToken: hash });
    await mail(user, deps.config().email.templates.emailConfirmation, { URL: `${deps.publicUrl()}/api/auth/email-confirmation`, CODE: token });
  }

  // --------------------------------------------------------------------------------------------

  /** POST /api/auth/local */
  async function login(body: unknown, client: ClientInfo): Promise<AuthAnswer> {
    const { identifier, password } = checkBody(body, { strings: ['identifier', 'password'], optional: ['deviceId'] });
    const user = findLocal(identifier!);
    // Checked against a decoy hash when there is no such user: the answer takes as long either way.
    const valid = await verifyPassword(password!, user?.password);
    if (!user || !valid) throw new ValidationError(m.invalidIdentifierOrPassword);
    // Only after the password: before it, these would tell a stranger the account exists.
    if (up().advanced.emailConfirmation && user.confirmed !== true) throw new ApplicationError(m.emailNotConfirmed);
    if (user.blocked === true) throw new ApplicationError(m.blocked);
    // A hash of an older kind or cost (bcrypt from Strapi) is replaced now that the password is known.
    // A Strapi bcrypt hash (or a weaker scrypt) is replaced at once; the account itself did not change.
    const current = needsRehash(user.password!) ? await setUserFields(user.id, { password: await hashPassword(password!) }, { touch: false }) : user;
    return answer(current, client);
  }

  /** POST /api/auth/local/register */
  async function register(body: unknown, client: ClientInfo): Promise<AuthAnswer | { user: Record<string, unknown> }> {
    const settings = up();
    if (!settings.advanced.allowRegister) throw new ApplicationError(m.registerDisabled);
    const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const allowed = new Set(['username', 'email', 'password', ...settings.register.allowedFields]);
    const refused = Object.keys(input).filter((key) => !allowed.has(key));
    if (refused.length > 0) throw new ValidationError(m.invalidParameters(refused));
    const { username, email, password } = checkBody(
      { username: input.username, email: input.email, password: input.password },
      { strings: ['username', 'email', 'password'], emails: ['email'] },
    );
    checkPasswordLength(password!);
    // Whatever allowedFields says, these are the server's to decide.
    const extra = Object.fromEntries(Object.entries(input).filter(([key]) => !['username', 'email', 'password', 'role', 'confirmed', 'blocked', 'provider', 'resetPasswordToken', 'confirmationToken', 'id', 'documentId'].includes(key)));
    const lower = email!.toLowerCase();
    const taken = deps.userTable.rows().some((row) =>
      (settings.advanced.uniqueEmail || row.provider === 'local') && (row.email === lower || row.username === username || row.username === lower || row.email === username!.toLowerCase()));
    if (taken) throw new ApplicationError(m.alreadyTaken);
    let user: UserRow;
    try {
      // The route checked `auth.register`; creating the account is then the system's doing.
      user = await deps.users.create(SYSTEM_ACTOR, { ...extra, username, email: lower, password, confirmed: !settings.advanced.emailConfirmation });
    } catch (error) {
      // Lost a race with another registration of the same name or address.
      if (error instanceof ApplicationError && /already taken/.test(error.message)) throw new ApplicationError(m.alreadyTaken);
      throw error;
    }
    if (settings.advanced.emailConfirmation) {
      try {
        await sendConfirmation(user);
      } catch (error) {
        deps.log.error('the confirmation email was not sent', error);
        throw new ApplicationError(m.confirmationEmailFailed);
      }
      return { user: deps.users.sanitizeUser(user) };
    }
    return answer(user, client);
  }

  /**
   * POST /api/auth/forgot-password: always `{ ok: true }`, at once; the lookup and the email happen
   * after the answer, so neither the answer nor its timing tells whether the address has an account.
   */
  function forgotPassword(body: unknown): { ok: true } {
    const { email } = checkBody(body, { strings: ['email'], emails: ['email'], noUnknown: true });
    void deps.afterAnswer(async () => {
      const user = deps.userTable.rows().find((row) => row.email === email!.toLowerCase());
      if (!user || user.blocked === true) return;
      const { token, hash } = newOneTimeToken(64);
      await setUserFields(user.id, { resetPasswordToken: hash, resetPasswordTokenExpiresAt: new Date(Date.now() + RESET_CODE_LIFETIME_MS).toISOString() });
      await mail(user, deps.config().email.templates.resetPassword, { URL: setPasswordUrl(deps.config(), deps.publicUrl()), TOKEN: token });
    }).catch((error: unknown) => deps.log.error('the reset-password email was not sent', error));
    return { ok: true };
  }

  function checkNewPassword(body: unknown, extra: readonly string[]): Record<string, string> {
    const input = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    if (input.passwordConfirmation === undefined || input.passwordConfirmation === null || input.passwordConfirmation === '') {
      const issues = [{ path: ['passwordConfirmation'], message: m.passwordConfirmationRequired, name: 'ValidationError' }];
      throw new ValidationError(m.passwordConfirmationRequired, { errors: issues });
    }
    const values = checkBody(body, { strings: ['password', 'passwordConfirmation', ...extra], noUnknown: true });
    checkPasswordLength(values.password!);
    if (values.password !== values.passwordConfirmation) throw new ValidationError(m.passwordsDoNotMatch);
    return values;
  }

  /** POST /api/auth/reset-password */
  async function resetPassword(body: unknown, client: ClientInfo): Promise<AuthAnswer> {
    const { code, password } = checkNewPassword(body, ['code']);
    const hash = hashOneTimeToken(code!);
    const now = Date.now();
    const user = deps.userTable.rows().find((row) => row.resetPasswordToken === hash);
    const expires = user?.resetPasswordTokenExpiresAt;
    if (!user || (typeof expires === 'string' && Date.parse(expires) < now)) throw new ValidationError(m.incorrectCode);
    const stored = await hashPassword(password!);
    const updated = await deps.userTable.update((data) => {
      const row = data.rows.find((candidate) => candidate.id === user.id && candidate.resetPasswordToken === hash);
      if (!row) throw new ValidationError(m.incorrectCode); // used by a concurrent request
      // An account without a password is an invitation's (auth/invite.ts): a code mailed to its address confirms it.
      const confirmed = row.confirmed === true || (row.provider === 'local' && row.password === null);
      Object.assign(row, { password: stored, confirmed, resetPasswordToken: null, resetPasswordTokenExpiresAt: null, tokenVersion: nextTokenVersion(row), updatedAt: new Date().toISOString() });
      return row;
    });
    await deps.sessions.revokeAll(updated.id);
    return answer(updated, client);
  }

  /** POST /api/auth/change-password, for the signed-in user. */
  async function changePassword(actor: Actor, body: unknown, client: ClientInfo): Promise<AuthAnswer> {
    const userId = signedIn(actor);
    if (userId === undefined) throw new ApplicationError(m.mustBeAuthenticated);
    const { currentPassword, password } = checkNewPassword(body, ['currentPassword']);
    const user = deps.users.find(userId);
    if (!user) throw new UnauthorizedError('Invalid credentials');
    if (!(await verifyPassword(currentPassword!, user.password))) throw new ValidationError(m.currentPasswordInvalid);
    if (currentPassword === password) throw new ValidationError(m.samePassword);
    const updated = await setUserFields(user.id, { password: await hashPassword(password!), tokenVersion: nextTokenVersion(user) });
    await deps.sessions.revokeAll(updated.id);
    return answer(updated, client);
  }

  /** Confirms the account a confirmation token was sent to. Tokens are single-use. */
  async function confirmAccount(query: Record<string, unknown>): Promise<UserRow> {
    const confirmation = query.confirmation;
    if (confirmation === undefined || confirmation === '') throw new ValidationError(m.confirmationRequired);
    if (typeof confirmation !== 'string') throw new ValidationError(m.invalidToken);
    const hash = hashOneTimeToken(confirmation);
    return deps.userTable.update((data) => {
      const row = data.rows.find((candidate) => candidate.confirmationToken === hash);
      if (!row) throw new ValidationError(m.invalidToken);
      Object.assign(row, { confirmed: true, confirmationToken: null, updatedAt: new Date().toISOString() });
      return row;
    });
  }

  /** GET /api/auth/email-confirmation: answers where to redirect. */
  async function confirmEmail(query: Record<string, unknown>): Promise<string> {
    await confirmAccount(query);
    return up().advanced.emailConfirmationRedirection || '/';
  }

  /** GraphQL's `emailConfirmation`: confirms, then signs the account in, as Strapi's plugin answers it. */
  async function confirmEmailAndSignIn(query: Record<string, unknown>, client: ClientInfo): Promise<AuthAnswer> {
    const user = await confirmAccount(query);
    if (user.blocked === true) throw new ApplicationError(m.blocked);
    return answer(user, client);
  }

  /**
   * POST /api/auth/send-email-confirmation, answered as Strapi answers it: an account's stored
   * (lower-cased) address, an unknown address as it was sent. The email is sent after the answer,
   * so its timing does not tell an unconfirmed account from an unknown address (the case of the
   * echo may, as Strapi's does); `Already confirmed` and `User blocked` are the spec's own
   * messages. Keys other than `email` are ignored, as Strapi's schema for this route does not
   * refuse them.
   */
  async function sendEmailConfirmation(body: unknown): Promise<{ email: string; sent: true }> {
    const { email } = checkBody(body, { strings: ['email'], emails: ['email'] });
    const user = deps.userTable.rows().find((row) => row.email === email!.toLowerCase());
    if (user?.confirmed === true) throw new ApplicationError(m.alreadyConfirmed);
    if (user?.blocked === true) throw new ApplicationError(m.userBlocked);
    if (!user) return { email: email!, sent: true };
    void deps
      .afterAnswer(() => sendConfirmation(user))
      .catch((error: unknown) => deps.log.error('the confirmation email was not sent', error));
    return { email: String(user.email), sent: true };
  }

  /** POST /api/auth/refresh (refresh mode). */
  async function refresh(token: unknown): Promise<{ jwt: string; refreshToken: string }> {
    if (typeof token !== 'string' || token === '') throw new BadRequestError(m.missingRefreshToken);
    const rotated = await deps.sessions.rotate(token);
    const user = deps.users.find(rotated.userId);
    if (!user || user.blocked === true) {
      await deps.sessions.revokeAll(rotated.userId);
      throw new UnauthorizedError(m.invalidRefreshToken);
    }
    return { jwt: rotated.accessToken, refreshToken: rotated.refreshToken };
  }

  /** GET /api/connect/:provider: where to send the browser. */
  function connect(name: string, query: Record<string, unknown>): Promise<{ redirect: string }> {
    return deps.providers.connect(name, query);
  }

  /**
   * GET /api/auth/:provider/callback: the code is exchanged server-side (nothing but `code` and
   * `state` is read from the browser), then the account of the verified email signs in.
   */
  async function providerCallback(name: string, query: Record<string, unknown>, client: ClientInfo): Promise<AuthAnswer> {
    const { profile } = await deps.providers.callback(name, query);
    const user = await findOrCreateUser(profile, { users: deps.userTable, roles: deps.roles }, up().advanced);
    return answer(user, client);
  }

  /** The id of the signed-in user an actor is, if it is one. */
  function signedIn(actor: Actor): number | undefined {
    return actor.kind === 'user' ? actor.user.id : undefined;
  }

  function requireSignedIn(actor: Actor): number {
    const userId = signedIn(actor);
    if (userId === undefined) throw new UnauthorizedError(m.missingAuthentication);
    return userId;
  }

  /** POST /api/auth/logout (refresh mode): ends every session of the user (the spec; Strapi ends only the current one). */
  async function logout(actor: Actor): Promise<void> {
    await deps.sessions.revokeAll(requireSignedIn(actor));
  }

  /** GET /api/auth/sessions (refresh mode): the user's sessions, the current one marked. */
  function listSessions(actor: Actor, currentSessionId: string | undefined) {
    return deps.sessions.list(requireSignedIn(actor), currentSessionId);
  }

  /** DELETE /api/auth/sessions/:id (refresh mode): ends one of the user's own sessions. */
  async function revokeSession(actor: Actor, sessionId: string): Promise<void> {
    if (!(await deps.sessions.revoke(requireSignedIn(actor), sessionId))) throw new NotFoundError(m.sessionNotFound);
  }

  /** POST /api/users/invite: an account with no password and an email to choose one (auth/invite.ts). */
  const invite = createInvite({ config: deps.config, users: () => deps.users, mail: deps.mail, publicUrl: deps.publicUrl, log: deps.log });

  return { connect, providerCallback, login, register, forgotPassword, resetPassword, changePassword, confirmEmail, confirmEmailAndSignIn, sendEmailConfirmation, refresh, logout, listSessions, revokeSession, answer, invite };
}

