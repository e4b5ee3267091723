/**
 * @module auth — the accounts flows, JWTs and sessions, the signing secret, provider sign-in.
 */
export { issueToken, verifyToken, verifyTokenClaims, type TokenSettings } from './tokens.js';
export { derivedKey, resolveJwtSecret } from './secret.js';
export { newOneTimeToken, hashOneTimeToken } from './one-time-tokens.js';
export { createSessions, deviceName, type Sessions, type SessionEntry, type SessionRow, type SessionTokens } from './sessions.js';
export { createAuthService, type AuthService, type AuthAnswer, type ClientInfo, type MailPort } from './service.js';
export { authMessages } from './messages.js';
export { createProviderLogin, createRedisPendingStore, providerConfigProblems, findOrCreateUser, providerMessages, type ProviderLogin } from './providers/index.js';
export {
  API_TOKEN_DURATIONS,
  API_TOKEN_TYPES,
  apiTokenMessages,
  createApiTokenService,
  type ApiToken,
  type ApiTokenRef,
  type ApiTokenRow,
  type ApiTokenService,
  type ApiTokenType,
  type CreateApiTokenInput,
  type UpdateApiTokenInput,
} from './api-tokens.js';
export { apiTokenBody, BODY_FIELDS as API_TOKEN_BODY_FIELDS, type ApiTokenFieldNames } from './api-token-input.js';
