/**
 * The accounts endpoints' messages, in Strapi 5.54's wording word for word (docs/api/accounts.md
 * lists them); tests import them.
 */
export const authMessages = {
  invalidIdentifierOrPassword: 'Invalid identifier or password',
  emailNotConfirmed: 'Your account email is not confirmed',
  blocked: 'Your account has been blocked by an administrator',
  alreadyTaken: 'Email or Username are already taken',
  invalidParameters: (keys: readonly string[]) => `Invalid parameters: ${keys.join(', ')}`,
  registerDisabled: 'Register action is currently disabled',
  defaultRoleMissing: 'Impossible to find the default role',
  confirmationEmailFailed: 'Error sending confirmation email',
  passwordConfirmationRequired: 'passwordConfirmation is a required field',
  passwordsDoNotMatch: 'Passwords do not match',
  incorrectCode: 'Incorrect code provided',
  currentPasswordInvalid: 'The provided current password is invalid',
  samePassword: 'Your new password must be different than your current password',
  mustBeAuthenticated: 'You must be authenticated to reset your password',
  confirmationRequired: 'confirmation is a required field',
  invalidToken: 'Invalid token',
  alreadyConfirmed: 'Already confirmed',
  userBlocked: 'User blocked',
  passwordTooLong: 'Password must be less than 73 bytes',
  missingRefreshToken: 'Missing refresh token',
  invalidRefreshToken: 'Invalid refresh token',
  missingAuthentication: 'Missing authentication',
  sessionNotFound: 'Session not found',
  // Ours
  invitationEmailFailed: 'The invitation email could not be sent, so no account was made',
  // yup's wording, as Strapi's validators produce it
  required: (field: string) => `${field} is a required field`,
  notString: (field: string, value: unknown) => `${field} must be a \`string\` type, but the final value was: \`${typeof value === 'object' && value !== null ? (Array.isArray(value) ? '[…]' : '{…}') : String(value).slice(0, 100)}\`.`,
  invalidEmail: (field: string) => `${field} must be a valid email`,
  unknownKeys: (keys: readonly string[]) => `this field has unspecified keys: ${keys.join(', ')}`,
  manyErrors: (count: number) => `${count} errors occurred`,
} as const;
