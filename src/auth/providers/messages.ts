/**
 * Every message provider login can fail with. The first group is Strapi 5.54's wording
 * word for word, so clients that match on Strapi's text keep working; the second says
 * which provider failed and at which step, and never carries a secret or a provider's free text.
 * Tests import these rather than repeating the strings.
 */
export const providerMessages = {
  // Strapi's wording
  disabled: 'This provider is disabled',
  invalidCallback: 'Invalid callback URL provided',
  noSession: 'OAuth authentication requires a completed provider session',
  emailUnavailable: 'Email was not available.',
  emailNotVerified: (label: string) => `Email not verified by ${label}`,
  emailTaken: 'Email is already taken.',
  registerUnavailable: 'Register action is actually not available.',
  blocked: 'Your account has been blocked by an administrator',
  defaultRoleMissing: 'Impossible to find the default role',

  // Ours: which provider, which step, and what to do about it
  denied: (label: string, error: string) => `${label} did not complete the sign-in: ${error}`,
  noCode: (label: string) => `${label} sent no authorization code`,
  unreachable: (label: string, step: ProviderStep) => `${label} could not be reached (${step} request)`,
  rejected: (label: string, step: ProviderStep, status: number, error?: string) =>
    `${label} rejected the ${step} request (HTTP ${status}${error ? `, ${error}` : ''})`,
  badResponse: (label: string, step: ProviderStep) => `${label} answered the ${step} request with an unexpected response`,
  notConfigured: (name: string, what: string) => `Provider "${name}" is not configured: set users-permissions.providers.${name}.${what}`,
  issuerMismatch: (name: string, issuer: string) =>
    `Provider "${name}": the discovery document at ${issuer} names another issuer (OpenID Connect Discovery §4.3)`,
} as const;

/** The request to a provider that failed, as messages name it. */
export type ProviderStep = 'discovery' | 'token' | 'profile';
