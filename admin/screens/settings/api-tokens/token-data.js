/**
 * What the API tokens screen reads and writes (`/api/admin/api-tokens…`, docs/api/settings.md): the
 * tokens, the content-type actions a custom token may hold, and the body of a create or a change.
 */
import { request } from '../../../lib/api.js';

/**
 * A token as the server answers it; `accessKey`, its value, only from a create or a regenerate.
 * @typedef {{ id: number, name: string, description: string, type: TokenType, permissions: string[],
 *   lifespan: number | null, expiresAt: string | null, lastUsedAt: string | null, accessKey?: string }} Token
 * @typedef {'read-only' | 'full-access' | 'custom'} TokenType
 * @typedef {{ name: string, label: string, actions: string[] }} ActionGroup A content type's actions: its
 *   API id, the name it is shown by, and the action ids.
 */

export const TOKEN_TYPES = /** @type {const} */ (['read-only', 'full-access', 'custom']);

const DAY_MS = 24 * 60 * 60 * 1000;
/** The lifespans the server takes, in days; `null`: it never expires. */
export const LIFESPAN_DAYS = /** @type {const} */ ([7, 30, 90, null]);

/** @param {number | null} days */
export const lifespanOf = (days) => (days === null ? null : days * DAY_MS);
/** @param {number | null} lifespan */
export const daysOf = (lifespan) => (lifespan === null ? null : Math.round(lifespan / DAY_MS));

export const TOKENS_PATH = '/admin/api-tokens';
/** @param {number} id */
export const tokenPath = (id) => `${TOKENS_PATH}/${id}`;

/** @returns {Promise<Token[]>} */
export async function loadTokens() {
  return (await request('GET', TOKENS_PATH)).data;
}

/**
 * The actions of the content types, as the permission tree (`GET /api/users-permissions/permissions`)
 * lists them: the only ones a custom token may hold. Each type is named as the content-type builder
 * names it, when the account may read that (else by its API id).
 * @returns {Promise<ActionGroup[]>}
 */
export async function loadContentActions() {
  const [{ permissions }, types] = await Promise.all([
    request('GET', '/users-permissions/permissions'),
    request('GET', '/content-type-builder/content-types').then((answer) => answer.data, () => []),
  ]);
  /** @type {Map<string, string>} */
  const names = new Map(types.map((type) => [type.uid, type.schema.displayName]));
  return Object.entries(permissions ?? {})
    .filter(([type]) => type.startsWith('api::'))
    .flatMap(([type, { controllers }]) => Object.entries(controllers ?? {}).map(([name, actions]) => ({
      name,
      label: names.get(`${type}.${name}`) ?? name,
      actions: Object.keys(actions).map((action) => `${type}.${name}.${action}`),
    })));
}

/**
 * What the form holds: `days`, the lifespan.
 * @typedef {{ name: string, description: string, type: TokenType, days: number | null, permissions: string[] }}
 *   TokenDraft
 */

/**
 * A draft of `token`'s, or of a new token's.
 * @param {Token | null} token
 * @returns {TokenDraft}
 */
export const draftOf = (token) => ({
  name: token?.name ?? '',
  description: token?.description ?? '',
  type: token?.type ?? 'read-only',
  days: token ? daysOf(token.lifespan) : 30,
  permissions: token?.permissions ?? [],
});

/**
 * Creates a token (`token` null) or changes one: the answer, with the value on a create. Only a
 * custom token is sent permissions (the others' rights are fixed by their type), and a lifespan
 * only on a create (it cannot be changed).
 * @param {Token | null} token
 * @param {TokenDraft} draft
 * @returns {Promise<Token>}
 */
export async function saveToken(token, draft) {
  const body = {
    name: draft.name.trim(),
    description: draft.description.trim(),
    type: draft.type,
    ...(draft.type === 'custom' ? { permissions: draft.permissions } : {}),
  };
  if (token) return (await request('PUT', tokenPath(token.id), { body })).data;
  return (await request('POST', TOKENS_PATH, { body: { ...body, lifespan: lifespanOf(draft.days) } })).data;
}
