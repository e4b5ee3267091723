/**
 * End users: create, update, block and delete them with Strapi's rules, and list them with the
 * REST query language. Used by /api/users and by `folio user` (docs/api/users-and-roles.md).
 *
 * Uniqueness holds across processes (a CLI and a running server share data/): every check that
 * depends on the other rows runs again inside `users.update`, which holds the table's
 * cross-process lock over freshly read data. Passwords are hashed before the lock is taken,
 * because hashing is slow and other writers would queue behind it.
 */
import { hashPassword } from '../password.js';
import type { Config } from '../config/index.js';
import { ROLE_UID, USER_UID, type Model, type ModelLookup } from '../model/index.js';
import { compareBy, compileFilter, matchesSearch, type EvalContext, type UsersQuery } from '../model/index.js';
import type { ValidatedInput } from '../model/index.js';
import { ApplicationError, NotFoundError, ValidationError } from '../errors.js';
import { newDocumentId, now } from '../ids.js';
import { assertCan, usersPermissionsAction, type Actor, type RoleRow } from '../permissions/index.js';
import type { RelationAttribute } from '../schema/index.js';
import type { Row, Table } from '../storage/index.js';
import { BUILT_IN_USER_FIELDS, validateUserInput, writableUserModel } from './input.js';
import { userMessages as m } from './messages.js';
import { defaultRole, resolveRole, storedValue, type ContentRelations, type RelationSources } from './relations.js';
import { sanitizeUser, type SanitizeOptions } from './sanitize.js';
import type { UserRow } from './types.js';

export interface UserServiceDeps {
  /** data/users.json. `Table<Row>` is accepted because that is how the project types its tables. */
  users: Table<UserRow> | Table<Row>;
  roles: { rows(): readonly RoleRow[] };
  /** The User model, with the custom attributes of `content-types/users-permissions/user.yaml`. */
  userModel: Model;
  lookup: ModelLookup;
  /** Read at each call, so a server that reloads its config is followed. */
  config: () => Config;
  /** data/sessions.json: a deleted user's sessions go with it. */
  sessions?: Table<Row>;
  /** Needed only when custom User attributes relate to content types. */
  contentRelations?: ContentRelations;
}

export interface CreateUserOptions {
  /**
   * Whether a body without `role` gets `advanced.defaultRole`, as this API answers
   * (docs/api/differences-from-strapi.md); default true.
   * false: a missing role is `role is a required field`, as in Strapi.
   */
  defaultRole?: boolean;
}

/** The set-password code an invitation's email carries: a reset code (POST /api/auth/reset-password takes it). */
export interface Invitation {
  /** Its SHA-256 (auth's one-time tokens): the code itself is never stored. */
  resetPasswordToken: string;
  resetPasswordTokenExpiresAt: string;
}

export interface UserService {
  /** POST /api/users, `folio user create`, registration. Needs `user.create`. */
  create(actor: Actor, input: unknown, options?: CreateUserOptions): Promise<UserRow>;
  /**
   * POST /api/users/invite: a local account with no password yet (nobody can sign in to it), not
   * confirmed, holding the set-password code's hash. `input`: `email`, `username`, `role`. Needs `user.create`.
   */
  invite(actor: Actor, input: Record<string, unknown>, invitation: Invitation): Promise<UserRow>;
  /** PUT /api/users/:id: only the fields given change. Needs `user.update`. */
  update(actor: Actor, id: number, input: unknown): Promise<UserRow>;
  /** DELETE /api/users/:id: answers the deleted row. Needs `user.destroy`. */
  remove(actor: Actor, id: number): Promise<UserRow>;
  /** `folio user block|unblock`. Needs `user.update`. */
  setBlocked(actor: Actor, id: number, blocked: boolean): Promise<UserRow>;
  find(id: number): UserRow | undefined;
  /** For the CLI: digits are an id, anything else an email (case-insensitive). */
  findByIdOrEmail(value: string): UserRow | undefined;
  /** GET /api/users: filters, `_q`, sort, then `start`/`limit` (no default limit). */
  list(query?: Partial<UsersQuery>): UserRow[];
  /** GET /api/users/count: filters and `_q`. */
  count(query?: Partial<UsersQuery>): number;
  /** The user's role row, or null. */
  roleOf(user: UserRow): RoleRow | null;
  /** What a client may see of a user. */
  sanitizeUser(row: UserRow, options?: SanitizeOptions): Record<string, unknown>;
  /** For filters and sort through relations (`filters[role][type]=…`). */
  readonly evalContext: EvalContext;
}

/**
 * @example
 * const users = createUserService({ users: tables.users, roles: tables.roles, userModel, lookup, config: () => project.config });
 * const ada = await users.create(SYSTEM_ACTOR, { username: 'ada', email: 'Ada@Example.com', password: 'secret1' });
 * users.sanitizeUser(ada, { role: users.roleOf(ada) }); // { id: 1, …, email: 'ada@example.com', role: { type: 'authenticated', … } }
 */
export function createUserService(deps: UserServiceDeps): UserService {
  const users = deps.users as Table<UserRow>;
  const { userModel, lookup } = deps;
  const model = writableUserModel(userModel);
  const roleAttribute = userModel.attributes.role as RelationAttribute;
  const customAttributes = Object.entries(userModel.attributes).filter(([name]) => !BUILT_IN_USER_FIELDS.includes(name));

  const evalContext: EvalContext = {
    lookup,
    related(source, attributeName, row) {
      const attribute = source.attributes[attributeName];
      if (!attribute || attribute.type !== 'relation') return [];
      if (attribute.target !== USER_UID && attribute.target !== ROLE_UID) return deps.contentRelations?.related(source, attributeName, row) ?? [];
      const targets: readonly Row[] = attribute.target === USER_UID ? users.rows() : deps.roles.rows();
      if (attribute.mappedBy) {
        const by = attribute.mappedBy;
        return targets.filter((target) => ([] as unknown[]).concat(target[by] ?? []).includes(row.id));
      }
      const ids = ([] as unknown[]).concat(row[attributeName] ?? []);
      return ids.map((id) => targets.find((target) => target.id === id)).filter((target): target is Row => target !== undefined);
    },
  };

  // --- checks that depend on the other rows (run before hashing, and again under the lock) ---

  function validate(input: unknown, mode: 'create' | 'update', rows: readonly UserRow[], self?: number, passwordRequired = true): ValidatedInput {
    return validateUserInput(input, {
      mode,
      model,
      lookup,
      passwordRequired,
      // Inside components a unique value is per entry, as for content types.
      isUnique: (attribute, value, path) => path.length > 1 || !rows.some((row) => row.id !== self && row[attribute] === value),
    });
  }

  /** Email first, then username, as Strapi checks them (§1.12). */
  function assertAvailable(rows: readonly UserRow[], values: ValidatedInput, self?: number): void {
    if (typeof values.email === 'string' && deps.config().usersPermissions.advanced.uniqueEmail) {
      const email = values.email.toLowerCase();
      if (rows.some((row) => row.id !== self && row.email.toLowerCase() === email)) throw new ApplicationError(m.emailTaken);
    }
    if (typeof values.username === 'string' && rows.some((row) => row.id !== self && row.username === values.username)) {
      throw new ApplicationError(m.usernameTaken);
    }
  }

  function sources(rows: readonly UserRow[]): RelationSources {
    return { users: rows, roles: deps.roles.rows(), content: deps.contentRelations, lookup };
  }

  /** Copies the custom attributes of a validated body onto `row`. */
  function applyCustom(row: UserRow, values: ValidatedInput, current: UserRow | undefined, rows: readonly UserRow[]): void {
    for (const [name, attribute] of customAttributes) {
      const value = values[name];
      if (value !== undefined) row[name] = storedValue(attribute, value, current?.[name], name, sources(rows));
    }
  }

  /** The role of a new user: the one named in the body, else the default role. */
  function newRole(values: ValidatedInput, rows: readonly UserRow[], options: CreateUserOptions): number {
    if (values.role !== undefined) return resolveRole(values.role, null, roleAttribute, sources(rows));
    if (options.defaultRole === false) {
      const message = m.requiredField('role');
      throw new ValidationError(message, { errors: [{ path: ['role'], message, name: 'ValidationError' }] });
    }
    return defaultRole(deps.roles.rows(), deps.config().usersPermissions.advanced.defaultRole).id;
  }

  function requireUser(rows: readonly UserRow[], id: number): { row: UserRow; index: number } {
    const index = rows.findIndex((row) => row.id === id);
    if (index < 0) throw new NotFoundError(m.notFound);
    return { row: rows[index]!, index };
  }

  function select(query: Partial<UsersQuery>): UserRow[] {
    const keep = compileFilter(query.filters, userModel, evalContext);
    const search = query.q ? matchesSearch(query.q, userModel) : undefined;
    return users.rows().filter((row) => keep(row) && (!search || search(row)));
  }

  /**
   * Adds the account of a checked body, checked again under the table's lock (another process may
   * have taken the email or username meanwhile); `fixed` are the fields the server decides.
   */
  function insert(input: unknown, options: CreateUserOptions, fixed: Partial<UserRow> & Pick<UserRow, 'password'>): Promise<UserRow> {
    return users.update((data) => {
      const values = validate(input, 'create', data.rows, undefined, fixed.password !== null);
      assertAvailable(data.rows, values);
      const role = newRole(values, data.rows, options);
      const stamp = now();
      const row: UserRow = {
        id: data.nextId++,
        documentId: newDocumentId(),
        username: values.username as string,
        email: (values.email as string).toLowerCase(),
        provider: 'local',
        resetPasswordToken: null,
        confirmationToken: null,
        confirmed: values.confirmed as boolean,
        blocked: values.blocked as boolean,
        role,
        createdAt: stamp,
        updatedAt: stamp,
        publishedAt: stamp,
        ...fixed,
      };
      applyCustom(row, values, undefined, data.rows);
      data.rows.push(row);
      return row;
    });
  }

  return {
    evalContext,

    async create(actor, input, options = {}) {
      assertCan(actor, usersPermissionsAction('user', 'create'));
      const first = validate(input, 'create', users.rows());
      assertAvailable(users.rows(), first);
      newRole(first, users.rows(), options);
      const password = await hashPassword(first.password as string);
      return insert(input, options, { password });
    },

    async invite(actor, input, invitation) {
      assertCan(actor, usersPermissionsAction('user', 'create'));
      assertAvailable(users.rows(), validate(input, 'create', users.rows(), undefined, false));
      return insert(input, {}, { password: null, confirmed: false, blocked: false, ...invitation });
    },

    async update(actor, id, input) {
      assertCan(actor, usersPermissionsAction('user', 'update'));
      // 404 before the body is looked at (Strapi's order, test users-api).
      const { row: existing } = requireUser(users.rows(), id);
      const first = validate(input, 'update', users.rows(), id);
      assertAvailable(users.rows(), first, id);
      if (first.role !== undefined) resolveRole(first.role, existing.role, roleAttribute, sources(users.rows()));
      const password = typeof first.password === 'string' ? await hashPassword(first.password) : undefined;
      return users.update((data) => {
        const { row: current, index } = requireUser(data.rows, id);
        const values = validate(input, 'update', data.rows, id);
        assertAvailable(data.rows, values, id);
        const next: UserRow = { ...current, updatedAt: now() };
        if (typeof values.username === 'string') next.username = values.username;
        if (typeof values.email === 'string') next.email = values.email.toLowerCase();
        if (password !== undefined) next.password = password;
        if (typeof values.confirmed === 'boolean') next.confirmed = values.confirmed;
        if (typeof values.blocked === 'boolean') next.blocked = values.blocked;
        if (values.role !== undefined) next.role = resolveRole(values.role, current.role, roleAttribute, sources(data.rows));
        applyCustom(next, values, current, data.rows);
        data.rows[index] = next;
        return next;
      });
    },

    async remove(actor, id) {
      assertCan(actor, usersPermissionsAction('user', 'destroy'));
      requireUser(users.rows(), id);
      const removed = await users.update((data) => {
        const { row, index } = requireUser(data.rows, id);
        data.rows.splice(index, 1);
        return row;
      });
      await deps.sessions?.update((data) => {
        data.rows = data.rows.filter((session) => session.user !== id);
      });
      return removed;
    },

    async setBlocked(actor, id, blocked) {
      assertCan(actor, usersPermissionsAction('user', 'update'));
      requireUser(users.rows(), id);
      return users.update((data) => {
        const { row, index } = requireUser(data.rows, id);
        const next: UserRow = { ...row, blocked, updatedAt: now() };
        data.rows[index] = next;
        return next;
      });
    },

    find(id) {
      return users.rows().find((row) => row.id === id);
    },

    findByIdOrEmail(value) {
      const given = value.trim();
      if (/^\d+$/.test(given)) return users.rows().find((row) => row.id === Number(given));
      const email = given.toLowerCase();
      return users.rows().find((row) => row.email.toLowerCase() === email);
    },

    list(query = {}) {
      const rows = select(query);
      if (query.sort && query.sort.length > 0) rows.sort(compareBy(query.sort, userModel, evalContext));
      const start = query.start ?? 0;
      return rows.slice(start, query.limit === undefined ? undefined : start + query.limit);
    },

    count(query = {}) {
      return select(query).length;
    },

    roleOf(user) {
      return user.role === null ? null : (deps.roles.rows().find((role) => role.id === user.role) ?? null);
    },

    sanitizeUser(row, options) {
      return sanitizeUser(userModel, row, options);
    },
  };
}

