/**
 * @module auth — passwords, JWTs and the signing secret.
 */
export { hashPassword, verifyPassword, needsRehash } from './password.js';
export { issueToken, verifyToken, type TokenSettings } from './tokens.js';
export { resolveJwtSecret } from './secret.js';
