/**
 * API tokens, as Strapi 5's content-API tokens: a credential of a site, a build or a server, not a
 * person. A token acts with exactly its rights: `read-only` reads every content type, `full-access`
 * does every content-API action, `custom` the action ids it was given. Only an HMAC-SHA512 of the
 * value (keyed with `API_TOKEN_SALT`) is stored, in data/tokens.json; the value is shown once.
 *
 * A token is 256 hex digits, and a JWT always holds two dots: the two can never be confused.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { ApplicationError, UnauthorizedError, ValidationError } from '../errors.js';
import { newDocumentId } from '../ids.js';
import { splitAction, unknownActionsError, type Actor } from '../permissions/index.js';
import type { Row, Table } from '../storage/index.js';

export const API_TOKEN_TYPES = ['read-only', 'full-access', 'custom'] as const;
export type ApiTokenType = (typeof API_TOKEN_TYPES)[number];
/** Lifespans a token may be given, in days (`unlimited`: it never expires), as Strapi's admin offers. */
export const API_TOKEN_DURATIONS = ['7', '30', '90', 'unlimited'] as const;
export type ApiTokenDuration = (typeof API_TOKEN_DURATIONS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
/** `lastUsedAt` is written at most this often per token: never a write per request. */
const LAST_USED_EVERY_MS = 60 * 1000;
const TOKEN_FORMAT = /^[0-9a-f]{256}$/;
const NAME_MAX = 100;
const DESCRIPTION_MAX = 256;

/** A token as `token list` and `--json` show it: every stored field but the hash. */
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

export interface CreateApiTokenInput {
  name: unknown;
  type?: unknown;
  grant?: readonly unknown[];
  duration?: unknown;
  description?: unknown;
}

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

export const apiTokenMessages = {
  expired: 'Token expired',
  nameRequired: 'name is required: give the token a name (e.g. site-build)',
  nameTooLong: `name must be at most ${NAME_MAX} characters`,
  descriptionTooLong: `description must be at most ${DESCRIPTION_MAX} characters`,
  nameTaken: (name: string) => `A token named "${name}" already exists`,
  notFound: (name: string) => `No token named "${name}"; \`folio token list\` shows them`,
  unknownType: (type: string) => `Unknown token type "${type}": use ${API_TOKEN_TYPES.join(', ')}`,
  unknownDuration: (duration: string) => `Unknown duration "${duration}": use ${API_TOKEN_DURATIONS.join(', ')} (days)`,
  grantNeedsCustom: (type: string) => `--grant is for custom tokens; a ${type} token's rights are fixed by its type`,
  customNeedsGrant: 'A custom token needs at least one --grant <action>, e.g. api::article.article.find',
  notContentAction: (action: string) => `${action} is not a content-type action: a custom token may hold api::… actions only; the users and roles endpoints need a full-access token`,
};

export type ApiTokenService = ReturnType<typeof createApiTokenService>;

/**
 * @example
 * const apiTokens = createApiTokenService({ tokens: tables.tokens, catalogue: () => actionCatalogue(schemas), salt, ensureSalt });
 * const { token, accessKey } = await apiTokens.create({ name: 'site-build', type: 'read-only' }); // print accessKey once
 */
export function createApiTokenService(deps: ApiTokenServiceDeps) {
  const now = deps.now ?? Date.now;
  const iso = (ms: number) => new Date(ms).toISOString();
  /** When each token's `lastUsedAt` was last written by this process. */
  const recorded = new Map<number, number>();

  const hash = (salt: string, value: string) => createHmac('sha512', salt).update(value).digest('hex');
  const present = ({ accessKey: _hidden, ...token }: ApiTokenRow): ApiToken => token;

  function byName(name: string): ApiTokenRow {
    const row = deps.tokens.rows().find((candidate) => candidate.name === name);
    if (!row) throw new ApplicationError(apiTokenMessages.notFound(name));
    return row;
  }

  /** The rights of a token, as a set of action ids, found once per version of the row and of the catalogue. */
  const rightsCache = new WeakMap<ApiTokenRow, { catalogue: readonly string[]; rights: ReadonlySet<string> }>();
  function rightsOf(row: ApiTokenRow): ReadonlySet<string> {
    const catalogue = deps.catalogue();
    const cached = rightsCache.get(row);
    if (cached?.catalogue === catalogue) return cached.rights;
    const rights = new Set(row.type === 'full-access' ? catalogue : row.type === 'read-only' ? catalogue.filter(isContentRead) : row.permissions);
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
  function checkedGrants(grants: readonly unknown[]): string[] {
    const catalogue = deps.catalogue();
    const wanted = [...new Set(grants.map((grant) => String(grant)))];
    const unknown = wanted.filter((action) => !catalogue.includes(action));
    if (unknown.length > 0) throw unknownActionsError(unknown, catalogue.filter(isContentAction));
    const other = wanted.find((action) => !isContentAction(action));
    if (other !== undefined) throw new ValidationError(apiTokenMessages.notContentAction(other));
    return wanted.sort();
  }

  return {
    /**
     * Creates a token and answers it with its value, which is never shown again.
     * @example const { token, accessKey } = await apiTokens.create({ name: 'ci', type: 'custom', grant: ['api::article.article.find'], duration: '30' });
     */
    async create(input: CreateApiTokenInput): Promise<{ token: ApiToken; accessKey: string }> {
      const name = typeof input.name === 'string' ? input.name.trim() : '';
      if (name === '') throw new ValidationError(apiTokenMessages.nameRequired);
      if (name.length > NAME_MAX) throw new ValidationError(apiTokenMessages.nameTooLong);
      const description = input.description === undefined ? '' : String(input.description);
      if (description.length > DESCRIPTION_MAX) throw new ValidationError(apiTokenMessages.descriptionTooLong);
      const type = String(input.type ?? 'read-only');
      if (!(API_TOKEN_TYPES as readonly string[]).includes(type)) throw new ValidationError(apiTokenMessages.unknownType(type));
      const duration = String(input.duration ?? 'unlimited');
      if (!(API_TOKEN_DURATIONS as readonly string[]).includes(duration)) throw new ValidationError(apiTokenMessages.unknownDuration(duration));
      const grants = input.grant ?? [];
      if (type !== 'custom' && grants.length > 0) throw new ValidationError(apiTokenMessages.grantNeedsCustom(type));
      if (type === 'custom' && grants.length === 0) throw new ValidationError(apiTokenMessages.customNeedsGrant);
      const permissions = type === 'custom' ? checkedGrants(grants) : [];
      if (deps.tokens.rows().some((row) => row.name === name)) throw new ValidationError(apiTokenMessages.nameTaken(name));

      const salt = await deps.ensureSalt();
      const accessKey = randomBytes(128).toString('hex');
      const at = now();
      const lifespan = duration === 'unlimited' ? null : Number(duration) * DAY_MS;
      const row = await deps.tokens.update((data) => {
        // Checked again inside the write: another process may have taken the name meanwhile.
        if (data.rows.some((other) => other.name === name)) throw new ValidationError(apiTokenMessages.nameTaken(name));
        const created: ApiTokenRow = {
          id: data.nextId++,
          documentId: newDocumentId(),
          name,
          description,
          type: type as ApiTokenType,
          accessKey: hash(salt, accessKey),
          permissions,
          lifespan,
          expiresAt: lifespan === null ? null : iso(at + lifespan),
          lastUsedAt: null,
          createdAt: iso(at),
          updatedAt: iso(at),
        };
        data.rows.push(created);
        return created;
      });
      return { token: present(row), accessKey };
    },

    /** Every token, oldest first, without the stored hash. */
    list(): ApiToken[] {
      return deps.tokens.rows().map(present);
    },

    /**
     * A new value for a token: the old one stops working at once. Its expiry starts again from now.
     * @example const { accessKey } = await apiTokens.regenerate('site-build');
     */
    async regenerate(name: string): Promise<{ token: ApiToken; accessKey: string }> {
      const { id } = byName(name);
      const salt = await deps.ensureSalt();
      const accessKey = randomBytes(128).toString('hex');
      const at = now();
      const row = await deps.tokens.update((data) => {
        const stored = data.rows.find((candidate) => candidate.id === id);
        if (!stored) throw new ApplicationError(apiTokenMessages.notFound(name));
        stored.accessKey = hash(salt, accessKey);
        stored.expiresAt = stored.lifespan === null ? null : iso(at + stored.lifespan);
        stored.updatedAt = iso(at);
        return { ...stored };
      });
      return { token: present(row), accessKey };
    },

    /** Deletes a token: requests with it are refused at once. */
    async revoke(name: string): Promise<ApiToken> {
      const { id } = byName(name);
      const row = await deps.tokens.update((data) => {
        const at = data.rows.findIndex((candidate) => candidate.id === id);
        if (at < 0) throw new ApplicationError(apiTokenMessages.notFound(name));
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

/** An action on a content type (`api::…`): what read-only and custom tokens may hold. */
function isContentAction(action: string): boolean {
  return action.startsWith('api::');
}

function isContentRead(action: string): boolean {
  const verb = splitAction(action)?.[2];
  return isContentAction(action) && (verb === 'find' || verb === 'findOne');
}
