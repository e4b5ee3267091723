/**
 * The account behind a provider profile, with Strapi 5.54's rules (its users-permissions
 * `services/providers.js#connect`): the same email under the same provider is the same person;
 * otherwise a new confirmed account with the default role, unless registration is off or the
 * email belongs to another provider's account.
 *
 * The row is written here rather than through the users service, whose `create` is the
 * POST /api/users path: it always stores `provider: 'local'` and requires a password. Uniqueness
 * holds the same way: the decision is taken again inside `users.update`, under the table's
 * cross-process lock over freshly read rows, so two sign-ins (or a CLI) racing cannot make two
 * accounts or two equal usernames.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { ApplicationError } from '../../errors.js';
import { newDocumentId, now } from '../../ids.js';
import type { RoleRow } from '../../permissions/index.js';
import type { Row, Table } from '../../storage/index.js';
import type { UserRow } from '../../users/index.js';
import { providerMessages as m } from './messages.js';
import { withoutControlCharacters } from '../../control-characters.js';

/** Who signed in, as the provider vouched for it: the email is verified and lower-cased. */
export interface ProviderProfile {
  email: string;
  username: string | undefined;
  /** The provider's config key, stored as the user's `provider`. */
  provider: string;
}

/** The tables an account is found in or written to. */
export interface ProviderAccounts {
  /** data/users.json. `Table<Row>` is accepted because that is how the project types its tables. */
  users: Table<UserRow> | Table<Row>;
  roles: { rows(): readonly RoleRow[] };
}

/** `users-permissions.advanced` has these keys, so it can be passed as it is. */
export interface FindOrCreateOptions {
  allowRegister: boolean;
  uniqueEmail: boolean;
  /** The role type new accounts get, e.g. `authenticated`. */
  defaultRole: string;
}

/** The User model's `username.minLength`, as Strapi's `findValidUsername` uses it. */
const MIN_USERNAME_LENGTH = 3;
const SUFFIX_ATTEMPTS = 10;

type Decision = { user: UserRow } | { create: true };

/** Strapi's order: an account of this provider logs in, then registration, then unique email. */
function decide(rows: readonly UserRow[], profile: ProviderProfile, options: FindOrCreateOptions): Decision {
  const sameEmail = rows.filter((row) => row.email.toLowerCase() === profile.email);
  const own = sameEmail.find((row) => row.provider === profile.provider);
  if (own) return { user: own };
  if (!options.allowRegister) throw new ApplicationError(m.registerUnavailable);
  if (sameEmail.length > 0 && options.uniqueEmail) throw new ApplicationError(m.emailTaken);
  return { create: true };
}

/**
 * The base name if it is long enough and free, else the base with a random 4-digit suffix (up to
 * ten tries), else a random UUID: as Strapi's `findValidUsername` does.
 */
function availableUsername(base: string, rows: readonly UserRow[]): string {
  const taken = (name: string) => rows.some((row) => row.username === name);
  if (base.length >= MIN_USERNAME_LENGTH && !taken(base)) return base;
  for (let attempt = 0; attempt < SUFFIX_ATTEMPTS; attempt++) {
    const candidate = `${base}${randomInt(1000, 9999)}`;
    if (!taken(candidate)) return candidate;
  }
  return randomUUID();
}

function loggedIn(user: UserRow): UserRow {
  // Strapi throws a ForbiddenError here and re-throws it as an ApplicationError: a 400.
  if (user.blocked) throw new ApplicationError(m.blocked);
  return user;
}

/**
 * The account a verified provider profile signs in to, created when needed: confirmed, with the
 * default role, `provider` set to the provider's name and no password. Throws a 400
 * ApplicationError with Strapi's message when registration is off, the email is another
 * provider's, or the account is blocked.
 * @example
 * const user = await findOrCreateUser(profile, { users: tables.users, roles: tables.roles }, config.usersPermissions.advanced);
 */
export async function findOrCreateUser(given: ProviderProfile, accounts: ProviderAccounts, options: FindOrCreateOptions): Promise<UserRow> {
  const profile: ProviderProfile = { ...given, email: given.email.trim().toLowerCase() };
  const users = accounts.users as Table<UserRow>;
  const first = decide(users.rows(), profile, options);
  if ('user' in first) return loggedIn(first.user);
  const role = accounts.roles.rows().find((candidate) => candidate.type === options.defaultRole);
  if (!role) throw new ApplicationError(m.defaultRoleMissing);
  // A provider's username is anyone's text too: its control characters go, as registration refuses them.
  const base = withoutControlCharacters(profile.username ?? '').trim() || withoutControlCharacters(profile.email.split('@')[0] ?? '');

  const user = await users.update((data) => {
    // Another process may have created this account, or taken the email, since the first look.
    const decision = decide(data.rows, profile, options);
    if ('user' in decision) return decision.user;
    const stamp = now();
    const row: UserRow = {
      id: data.nextId++,
      documentId: newDocumentId(),
      username: availableUsername(base, data.rows),
      email: profile.email,
      provider: profile.provider,
      password: null,
      resetPasswordToken: null,
      confirmationToken: null,
      confirmed: true,
      blocked: false,
      role: role.id,
      createdAt: stamp,
      updatedAt: stamp,
      publishedAt: stamp,
    };
    data.rows.push(row);
    return row;
  });
  return loggedIn(user);
}
