/**
 * API tokens, as Strapi 5's content-API tokens: a credential of a site, a build or a server, not a
 * person. A token acts with exactly its rights: `read-only` reads every content type, `full-access`
 * does every content-API action (never a settings action: those are a person's), `custom` the
 * action ids it was given. `folio token` and `/api/admin/api-tokens` make and change them. Only an HMAC-SHA512 of the
 * value (keyed with `API_TOKEN_SALT`) is stored, in data/tokens.json; the value is shown once.
 *
 * A token is 256 hex digits, and a JWT always holds two dots: the two can never be confused.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { NotFoundError, UnauthorizedError } from '../errors.js';
import { newDocumentId } from '../ids.js';
import { adminAction, assertCan, isSettingsAction, splitAction, unknownActionsError, type Actor } from '../permissions/index.js';
import type { Row, Table } from '../storage/index.js';
import {
  API_TOKEN_DURATIONS, API_TOKEN_TYPES, apiTokenMessages, CLI_FIELDS, DAY_MS, DESCRIPTION_MAX, fieldError, NAME_MAX,
  type ApiTokenDuration, type ApiTokenFieldNames, type ApiTokenType, type CreateApiTokenInput, type UpdateApiTokenInput,
} from './api-token-input.js';

export { API_TOKEN_DURATIONS, API_TOKEN_TYPES, apiTokenMessages, type ApiTokenType, type CreateApiTokenInput, type UpdateApiTokenInput };

/** `lastUsedAt` is written at most this often per token: never a write per request. */
const LAST_USED_EVERY_MS = 60 * 1000;
const TOKEN_FORMAT = /^[0-9a-f]{256}$/;

/** A token as `token list`, `--json` and `/api/admin/api-tokens` show it: every stored field but the hash. */
export interface ApiToken {
  id: number;
  documentId: string;
  name: string;
  description: string;
  type: ApiTokenType;
  /** Action ids of a `custom` token (empty for the others, whose rights follow the content types). */
  permissions: string[];
  /** In milliseconds; null: unlimited. */
  lifespan: number | null;
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A token as data/tokens.json keeps it: the value itself is never stored, only its HMAC-SHA512 (hex). */
export interface ApiTokenRow extends Row, ApiToken {
  accessKey: string;
}

/** A token as a caller names it: its id (a number: the routes' `:id`) or its name (a string: the CLI's). */
export type ApiTokenRef = number | string;

export interface ApiTokenServiceDeps {
  tokens: Table<ApiTokenRow>;
  /** Every content-API action id of the project now (the content types may change while it runs). */
  catalogue(): readonly string[];
  /** The salt, when the project has one (`API_TOKEN_SALT`). */
  salt(): Promise<string | undefined>;
  /** The salt, generated into the project's `.env` when it has none yet (projects made before tokens). */
  ensureSalt(): Promise<string>;
  now?: () => number;
  /** Told when recording `lastUsedAt` failed (it never fails the request). */
  onError?: (message: string, error: unknown) => void;
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>;

const can = (action: 'read' | 'create' | 'update' | 'delete' | 'regenerate') => adminAction('api-tokens', action);

/**
 * Every call that reads or changes tokens takes its caller and checks the `admin::api-tokens.*`
 * action first (the CLI passes SYSTEM_ACTOR); `fields` says how the caller names the input's
 * fields (the CLI's options by default, BODY_FIELDS for the routes).
 * @example
 * const apiTokens = createApiTokenService({ tokens: tables.tokens, catalogue: () => actionCatalogue(schemas), salt, ensureSalt });
 * const { token, accessKey } = await apiTokens.create(SYSTEM_ACTOR, { name: 'site-build', type: 'read-only' }); // print accessKey once
 */
export function createApiTokenService(deps: ApiTokenServiceDeps) {
  const now = deps.now ?? Date.now;
  const iso = (ms: number) => new Date(ms).toISOString();
  /** When each token's `lastUsedAt` was last written by this process. */
  const recorded = new Map<number, number>();

  const hash = (salt: string, value: string) => createHmac('sha512', salt).update(value).digest('hex');
  const present = ({ accessKey: _hidden, ...token }: ApiTokenRow): ApiToken => token;

  /** The token a caller names, in `rows` (the table now, or the fresh data of a write); else a 404. */
  function find(rows: readonly ApiTokenRow[], ref: ApiTokenRef): ApiTokenRow {
    const row = rows.find((candidate) => (typeof ref === 'number' ? candidate.id === ref : candidate.name === ref));
    if (!row) throw new NotFoundError(typeof ref === 'number' ? apiTokenMessages.idNotFound(ref) : apiTokenMessages.notFound(ref));
    return row;
  }

  /** The rights of a token, as a set of action ids, found once per version of the row and of the catalogue. */
  const rightsCache = new WeakMap<ApiTokenRow, { catalogue: readonly string[]; rights: ReadonlySet<string> }>();
  function rightsOf(row: ApiTokenRow): ReadonlySet<string> {
    const catalogue = deps.catalogue();
    const cached = rightsCache.get(row);
    if (cached?.catalogue === catalogue) return cached.rights;
    const rights = new Set(
      row.type === 'full-access' ? catalogue.filter((action) => !isSettingsAction(action))
        : row.type === 'read-only' ? catalogue.filter(isContentRead)
          : row.permissions,
    );
    rightsCache.set(row, { catalogue, rights });
    return rights;
  }

  /** The row holding each stored hash, indexed once per version of the table. */
  const indexCache = new WeakMap<readonly ApiTokenRow[], Map<string, ApiTokenRow>>();
  function rowByHash(accessKey: string): ApiTokenRow | undefined {
    const rows = deps.tokens.rows();
    let index = indexCache.get(rows);
    if (!index) indexCache.set(rows, (index = new Map(rows.map((row) => [row.accessKey, row]))));
    // Looked up by the HMAC of the value, never the value: a lookup's timing tells nothing of a token.
    return index.get(accessKey);
  }

  function recordUse(row: ApiTokenRow, at: number): void {
    const last = recorded.get(row.id) ?? (row.lastUsedAt ? Date.parse(row.lastUsedAt) : 0);
    if (at - last < LAST_USED_EVERY_MS) return;
    recorded.set(row.id, at);
    deps.tokens
      .update((data) => {
        const stored = data.rows.find((candidate) => candidate.id === row.id);
        if (stored) stored.lastUsedAt = iso(at);
      })
      .catch((error: unknown) => deps.onError?.(`recording when API token "${row.name}" was last used failed`, error));
  }

  /** A checked custom grant list: known actions of content types only. */
  function checkedGrants(grants: readonly unknown[], fields: ApiTokenFieldNames): string[] {
    const catalogue = deps.catalogue();
    const wanted = [...new Set(grants.map((grant) => String(grant)))];
    const unknown = wanted.filter((action) => !catalogue.includes(action));
    if (unknown.length > 0) throw unknownActionsError(unknown, catalogue.filter(isContentAction));
    const other = wanted.find((action) => !isContentAction(action));
    if (other === undefined) return wanted.sort();
    const message = isSettingsAction(other) ? apiTokenMessages.settingsAction(other) : apiTokenMessages.notContentAction(other);
    throw fieldError(fields.grant, message);
  }

  function checkedName(value: unknown): string {
    const name = typeof value === 'string' ? value.trim() : '';
    if (name === '') throw fieldError('name', apiTokenMessages.nameRequired);
    if (name.length > NAME_MAX) throw fieldError('name', apiTokenMessages.nameTooLong);
    return name;
  }

  function checkedDescription(value: unknown, fields: ApiTokenFieldNames): string {
    const description = String(value);
    if (description.length > DESCRIPTION_MAX) throw fieldError(fields.description, apiTokenMessages.descriptionTooLong);
    return description;
  }

  function checkedType(value: unknown, fields: ApiTokenFieldNames): ApiTokenType {
    const type = String(value);
    if (!(API_TOKEN_TYPES as readonly string[]).includes(type)) throw fieldError(fields.type, apiTokenMessages.unknownType(type));
    return type as ApiTokenType;
  }

  /** The permissions a token of `type` holds: grants only for custom tokens, and at least one. */
  function permissionsFor(type: ApiTokenType, grants: readonly unknown[], fields: ApiTokenFieldNames): string[] {
    if (type !== 'custom' && grants.length > 0) throw fieldError(fields.grant, apiTokenMessages.grantNeedsCustom(fields.grant, type));
    if (type === 'custom' && grants.length === 0) throw fieldError(fields.grant, apiTokenMessages.customNeedsGrant(fields.oneGrant));
    return type === 'custom' ? checkedGrants(grants, fields) : [];
  }

  function assertNameFree(rows: readonly ApiTokenRow[], name: string, self?: number): void {
    if (rows.some((row) => row.name === name && row.id !== self)) throw fieldError('name', apiTokenMessages.nameTaken(name));
  }

  /** A new value for a stored row: only its HMAC is kept, the value answered once. */
  async function newValue(): Promise<{ accessKey: string; stored: string }> {
    const salt = await deps.ensureSalt();
    const accessKey = randomBytes(128).toString('hex');
    return { accessKey, stored: hash(salt, accessKey) };
  }

  return {
    /**
     * Creates a token and answers it with its value, which is never shown again. Needs `admin::api-tokens.create`.
     * @example
     * const { token, accessKey } = await apiTokens.create(actor, { name: 'ci', type: 'custom', grant: ['api::article.article.find'], duration: '30' });
     */
    async create(actor: Actor, input: CreateApiTokenInput, fields = CLI_FIELDS): Promise<{ token: ApiToken; accessKey: string }> {
      assertCan(actor, can('create'));
      const name = checkedName(input.name);
      const description = checkedDescription(input.description ?? '', fields);
      const type = checkedType(input.type ?? 'read-only', fields);
      const duration = String(input.duration ?? 'unlimited');
      if (!(API_TOKEN_DURATIONS as readonly string[]).includes(duration)) {
        throw fieldError(fields.duration, apiTokenMessages.unknownDuration(duration));
      }
      const permissions = permissionsFor(type, input.grant ?? [], fields);
      assertNameFree(deps.tokens.rows(), name);

      const { accessKey, stored } = await newValue();
      const at = now();
      const lifespan = duration === 'unlimited' ? null : Number(duration) * DAY_MS;
      const row = await deps.tokens.update((data) => {
        // Checked again inside the write: another process may have taken the name meanwhile.
        assertNameFree(data.rows, name);
        const created: ApiTokenRow = {
          id: data.nextId++, documentId: newDocumentId(), name, description, type, accessKey: stored, permissions, lifespan,
          expiresAt: lifespan === null ? null : iso(at + lifespan), lastUsedAt: null, createdAt: iso(at), updatedAt: iso(at),
        };
        data.rows.push(created);
        return created;
      });
      return { token: present(row), accessKey };
    },

    /** Every token, oldest first, without the stored hash. Needs `admin::api-tokens.read`. */
    list(actor: Actor): ApiToken[] {
      assertCan(actor, can('read'));
      return deps.tokens.rows().map(present);
    },

    /** One token, without the stored hash; else 404. Needs `admin::api-tokens.read`. */
    findOne(actor: Actor, ref: ApiTokenRef): ApiToken {
      assertCan(actor, can('read'));
      return present(find(deps.tokens.rows(), ref));
    },

    /**
     * Changes a token's name, description, type or permissions (a custom token's); its value and
     * lifespan stay. Needs `admin::api-tokens.update`.
     * @example await apiTokens.update(actor, 7, { type: 'custom', grant: ['api::article.article.find'] }, BODY_FIELDS)
     */
    async update(actor: Actor, ref: ApiTokenRef, input: UpdateApiTokenInput, fields = CLI_FIELDS): Promise<ApiToken> {
      assertCan(actor, can('update'));
      const current = find(deps.tokens.rows(), ref);
      const name = input.name === undefined ? current.name : checkedName(input.name);
      const description = input.description === undefined ? current.description : checkedDescription(input.description, fields);
      const type = input.type === undefined ? current.type : checkedType(input.type, fields);
      if (input.duration !== undefined && input.duration !== durationOf(current)) {
        throw fieldError(fields.duration, apiTokenMessages.durationFixed(fields.duration));
      }
      // A custom token keeps its grants unless new ones are given; another type holds none.
      const grants = input.grant ?? (type === 'custom' && current.type === 'custom' ? current.permissions : []);
      const permissions = permissionsFor(type, grants, fields);
      assertNameFree(deps.tokens.rows(), name, current.id);
      const row = await deps.tokens.update((data) => {
        const stored = find(data.rows, current.id);
        assertNameFree(data.rows, name, stored.id);
        Object.assign(stored, { name, description, type, permissions, updatedAt: iso(now()) });
        return { ...stored };
      });
      return present(row);
    },

    /**
     * A new value for a token: the old one stops working at once. Its expiry starts again from now.
     * Needs `admin::api-tokens.regenerate`.
     * @example const { accessKey } = await apiTokens.regenerate(SYSTEM_ACTOR, 'site-build');
     */
    async regenerate(actor: Actor, ref: ApiTokenRef): Promise<{ token: ApiToken; accessKey: string }> {
      assertCan(actor, can('regenerate'));
      const { id } = find(deps.tokens.rows(), ref);
      const { accessKey, stored: value } = await newValue();
      const at = now();
      const row = await deps.tokens.update((data) => {
        const stored = find(data.rows, id);
        stored.accessKey = value;
        stored.expiresAt = stored.lifespan === null ? null : iso(at + stored.lifespan);
        stored.updatedAt = iso(at);
        return { ...stored };
      });
      return { token: present(row), accessKey };
    },

    /** Deletes a token: requests with it are refused at once. Needs `admin::api-tokens.delete`. */
    async revoke(actor: Actor, ref: ApiTokenRef): Promise<ApiToken> {
      assertCan(actor, can('delete'));
      const { id } = find(deps.tokens.rows(), ref);
      const row = await deps.tokens.update((data) => {
        const at = data.rows.indexOf(find(data.rows, id));
        return data.rows.splice(at, 1)[0]!;
      });
      return present(row);
    },

    /** Whether a bearer value has a token's format (else it is a JWT, or nothing). */
    isApiToken: (value: string) => TOKEN_FORMAT.test(value),

    /**
     * The actor of a token value; undefined when no token has it. An expired token is 401
     * `Token expired`, as Strapi.
     * @example const actor = await apiTokens.authenticate(bearer) ?? fallBackToJwt();
     */
    async authenticate(value: string): Promise<Actor | undefined> {
      if (!TOKEN_FORMAT.test(value)) return undefined;
      const salt = await deps.salt();
      if (salt === undefined) return undefined;
      const row = rowByHash(hash(salt, value));
      if (!row) return undefined;
      const at = now();
      if (row.expiresAt !== null && Date.parse(row.expiresAt) < at) throw new UnauthorizedError(apiTokenMessages.expired);
      recordUse(row, at);
      return { kind: 'token', token: { id: row.id, name: row.name }, permissions: rightsOf(row) };
    },
  };
}

/** The duration a token was made with, in days (`unlimited`), as `create` takes it. */
function durationOf(token: ApiToken): ApiTokenDuration {
  return token.lifespan === null ? 'unlimited' : (String(token.lifespan / DAY_MS) as ApiTokenDuration);
}

/** An action on a content type (`api::…`): what read-only and custom tokens may hold. */
function isContentAction(action: string): boolean {
  return action.startsWith('api::');
}

function isContentRead(action: string): boolean {
  const verb = splitAction(action)?.[2];
  return isContentAction(action) && (verb === 'find' || verb === 'findOne');
}
