/**
 * Inviting a person (`POST /api/users/invite`): an account made for them with no password, and an
 * email carrying a link to choose one. The link's code is a reset code: it is stored only as a hash,
 * works once at `POST /api/auth/reset-password`, and expires as one does; once it has, "Forgot
 * password" sends a new one. Setting the password with it also confirms the account (auth/service.ts).
 */
import type { Config, EmailTemplate } from '../config/index.js';
import { INVITATION_TEMPLATE } from '../email/index.js';
import { ApplicationError, ValidationError } from '../errors.js';
import type { Logger } from '../log/index.js';
import { isPlainObject } from '../objects.js';
import { SYSTEM_ACTOR, type Actor } from '../permissions/index.js';
import type { UserRow, UserService } from '../users/index.js';
import { checkBody } from './body.js';
import { authMessages as m } from './messages.js';
import { newOneTimeToken, RESET_CODE_LIFETIME_MS } from './one-time-tokens.js';

export interface InviteDeps {
  config: () => Config;
  /** Read at each call: the user service is rebuilt with the content types. */
  users: () => UserService;
  /** The accounts' mail port (auth/service.ts's MailPort). */
  mail: {
    send(message: { to: string; subject: string; text: string; html: string }): Promise<unknown>;
    render(template: EmailTemplate, variables: Record<string, unknown>): { subject: string; text: string; html: string };
  };
  publicUrl: () => string;
  log: Logger;
}

const INVITE_KEYS = new Set(['email', 'username', 'role']);

/** `{ email, username?, role? }`, checked as the accounts endpoints check theirs; the username defaults to the email. */
function inviteBody(body: unknown): Record<string, unknown> {
  const input = isPlainObject(body) ? body : {};
  const unknown = Object.keys(input).filter((key) => !INVITE_KEYS.has(key));
  if (unknown.length > 0) {
    const message = m.unknownKeys(unknown);
    throw new ValidationError(message, { errors: [{ path: [], message, name: 'ValidationError' }] });
  }
  const { email, username } = checkBody({ email: input.email, username: input.username }, { strings: ['email'], optional: ['username'], emails: ['email'] });
  const address = email!.toLowerCase();
  return { email: address, username: username ?? address, ...(input.role !== undefined && { role: input.role }) };
}

/**
 * Where a link to choose a password leads (an invitation's, a reset email's):
 * `advanced.emailResetPasswordUrl`, else the editors' page's screen for it, when the page is served.
 * @example setPasswordUrl(config, 'https://cms.example') // 'https://cms.example/admin/#/reset-password'
 */
export function setPasswordUrl(config: Config, publicUrl: string): string {
  const { emailResetPasswordUrl } = config.usersPermissions.advanced;
  if (emailResetPasswordUrl || !config.server.admin.enabled) return emailResetPasswordUrl;
  return `${publicUrl}${config.server.admin.path}/#/reset-password`;
}

/**
 * @example const invite = createInvite({ config, users: () => project.users, mail, publicUrl, log }); await invite(actor, { email: 'ada@example.com' });
 */
export function createInvite(deps: InviteDeps) {

  /** Makes the account, then mails the link; an account whose email could not be sent is taken back. Needs `user.create`. */
  return async function invite(actor: Actor, body: unknown): Promise<UserRow> {
    const input = inviteBody(body);
    const { token, hash } = newOneTimeToken(64);
    const expiresAt = new Date(Date.now() + RESET_CODE_LIFETIME_MS).toISOString();
    const user = await deps.users().invite(actor, input, { resetPasswordToken: hash, resetPasswordTokenExpiresAt: expiresAt });
    try {
      const USER = { id: user.id, username: user.username, email: user.email };
      const variables = { URL: setPasswordUrl(deps.config(), deps.publicUrl()), TOKEN: token, SERVER_URL: deps.publicUrl(), USER };
      await deps.mail.send({ to: user.email, ...deps.mail.render(INVITATION_TEMPLATE, variables) });
    } catch (error) {
      deps.log.error('the invitation email was not sent', error);
      await deps.users().remove(SYSTEM_ACTOR, user.id);
      throw new ApplicationError(m.invitationEmailFailed);
    }
    return user;
  };
}
