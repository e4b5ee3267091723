/**
 * @module auth/providers — sign-in with a third-party provider (OAuth 2 / OpenID Connect): presets
 * for GitHub, Google, Discord, Microsoft and GitLab, any other provider by URLs or by its OpenID
 * Connect `issuer`, and the account a verified profile signs in to, with Strapi 5's rules.
 */
export {
  createProviderLogin,
  type ProviderLogin,
  type ProviderLoginDeps,
  type ProviderCallbackResult,
} from './flow.js';
export { findOrCreateUser, type ProviderProfile, type ProviderAccounts, type FindOrCreateOptions } from './accounts.js';
export { presets, presetFor, type Preset, type MappedProfile, type ProfileSource, type TokenAuth } from './presets.js';
export { providerConfigProblems } from './endpoints.js';
export { createRedisPendingStore, STATE_TTL_MS, type PendingStore } from './pending.js';
export { providerMessages, type ProviderStep } from './messages.js';
