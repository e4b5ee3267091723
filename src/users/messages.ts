/**
 * Every message the user service and `folio user` can fail or answer with. The first group is
 * Strapi 5's wording, word for word, so clients that
 * match on Strapi's text keep working; tests import these rather than repeating the strings.
 */
import { messages } from '../messages.js';
export const userMessages = {
  // Strapi's wording (docs/api/users-and-roles.md)
  notFound: 'User not found',
  usernameTaken: 'Username already taken',
  emailTaken: 'Email already taken',
  passwordTooLong: 'Password must be less than 73 bytes',
  passwordNotNull: 'password.notNull',
  defaultRoleMissing: 'Impossible to find the default role',
  roleRequired: 'Users must have a role',
  cannotRemoveRole: 'Cannot remove role',
  requiredField: (field: string) => `${field} is a required field`,
  invalidKey: messages.invalidKey,
  manyErrors: (count: number) => `${count} errors occurred`,

  // Ours: bad input gets an error that says what to send instead
  bodyNotObject: 'The request body must be a JSON object',
  usernameControlCharacter: 'username must not contain control characters (line breaks, tabs, escape codes)',
  noRelated: (path: string, ref: { id: number } | { documentId: string }) =>
    `${path}: no related entry with ${'id' in ref ? `id ${ref.id}` : `documentId "${ref.documentId}"`}`,
  inverseRelation: (name: string, owner: string) => `${name} is the inverse side of a relation; set it from ${owner}`,
  contentRelationUnavailable: (path: string) => `${path}: relations from the User to content types cannot be set here`,

  // folio user
  noUserMatching: (value: string) => `No user with id or email "${value}"`,
} as const;
