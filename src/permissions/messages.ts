/**
 * Every message the roles and permissions service shows, in one place; tests import them.
 * The ones Strapi or the spec fix are verbatim (`Role not found`, `Cannot delete public role`,
 * `Request body cannot be empty`, `Invalid key <key>`).
 */
import { messages } from '../messages.js';
export const permissionMessages = {
  roleNotFound: 'Role not found',
  cannotDeletePublicRole: 'Cannot delete public role',
  emptyBody: 'Request body cannot be empty',
  bodyNotObject: 'Request body must be a JSON object',
  invalidKey: messages.invalidKey,
  required: (field: string) => `${field} is a required field`,
  notAString: (field: string) => `${field} must be a string`,
  blank: (field: string) => `${field} cannot be empty`,
  typeNotDerivable: (name: string) => `Cannot derive a role type from the name "${name}"; give a type`,
  typeCannotChange: (type: string) => `The type of a role cannot be changed (it is "${type}")`,
  duplicateName: (name: string) => `A role named "${name}" already exists`,
  duplicateType: (type: string) => `A role of type "${type}" already exists`,
  /** `Role "edtor" does not exist (roles: authenticated, public, editor); did you mean "editor"?` */
  unknownRole: (ref: string, types: readonly string[], suggestion: string) => `Role "${ref}" does not exist (roles: ${types.join(', ')})${suggestion}`,
  /** `Unknown action "api::article.article.fnd"; did you mean "api::article.article.find"?` */
  unknownAction: (action: string, suggestion: string) => `Unknown action "${action}"${suggestion}`,
  /** The hint when an `api::` action names a content type the project does not have. */
  noContentType: (singularName: string) => `; there is no content type "${singularName}"`,
  /** Several at once: `Unknown actions "a" (did you mean "b"?), "c"`. */
  unknownActions: (actions: readonly { action: string; guess: string | undefined }[]) =>
    `Unknown actions ${actions.map(({ action, guess }) => `"${action}"${guess === undefined ? '' : ` (did you mean "${guess}"?)`}`).join(', ')}`,
  noActions: 'Give at least one action id, e.g. api::article.article.find',
  treeNotObject: (path: string) => `${path} must be an object`,
  enabledNotBoolean: (path: string) => `${path} must be a boolean`,
} as const;
