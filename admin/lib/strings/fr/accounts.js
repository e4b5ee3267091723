/**
 * The users and roles settings, and setting a password from an invitation. (in French)
 */

/** @type {typeof import('../en/accounts.js').accountWords} */
export const accountWords = {};
