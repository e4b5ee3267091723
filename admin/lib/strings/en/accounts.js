/**
 * The users and roles settings, and setting a password from an invitation.
 */

export const accountWords = {};
