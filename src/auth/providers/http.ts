/**
 * Server-to-provider requests: a time limit, a size limit, and every failure turned into a 400
 * ApplicationError that names the provider and the step, never a URL with a secret or the
 * provider's own text (which an attacker who controls a provider could fill with anything).
 */
import { ApplicationError } from '../../errors.js';
import { providerMessages as m, type ProviderStep } from './messages.js';

/** Long enough for a slow provider, short enough that a hung one does not hold a request open. */
const TIMEOUT_MS = 10_000;
/** Token, profile and discovery answers are a few kilobytes; anything this large is not one. */
const MAX_BODY_BYTES = 1024 * 1024;
const USER_AGENT = 'foliocms';

export interface ProviderHttp {
  fetch: typeof fetch;
  label: string;
}

/** RFC 6749 §5.2 `error` codes are short ASCII; anything else is not repeated to the client. */
export function oauthErrorCode(body: unknown): string | undefined {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof error === 'string' && /^[\x20\x21\x23-\x5b\x5d-\x7e]{1,64}$/.test(error) ? error : undefined;
}

async function readCapped(response: Response): Promise<string> {
  if (Number(response.headers.get('content-length')) > MAX_BODY_BYTES) throw new Error('response too large');
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new Error('response too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON, or the form encoding GitHub's token endpoint uses when it ignores `Accept`. */
function parseBody(text: string, contentType: string): unknown {
  if (/application\/x-www-form-urlencoded/i.test(contentType)) return Object.fromEntries(new URLSearchParams(text));
  return JSON.parse(text) as unknown;
}

/**
 * Sends one request to a provider and answers its parsed body. A network error, a time-out, a
 * non-2xx status, a body with an OAuth `error`, or a body that is not JSON is an ApplicationError.
 * Redirects are not followed except for discovery: a token or profile request carries credentials.
 */
export async function requestProvider(http: ProviderHttp, step: ProviderStep, url: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await http.fetch(url, {
      ...init,
      headers: { accept: 'application/json', 'user-agent': USER_AGENT, ...(init.headers as Record<string, string> | undefined) },
      redirect: step === 'discovery' ? 'follow' : 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApplicationError(m.unreachable(http.label, step), {}, { cause: error });
  }
  let body: unknown;
  try {
    body = parseBody(await readCapped(response), response.headers.get('content-type') ?? '');
  } catch (error) {
    if (!response.ok) throw new ApplicationError(m.rejected(http.label, step, response.status));
    throw new ApplicationError(m.badResponse(http.label, step), {}, { cause: error });
  }
  // GitHub answers a bad code with 200 and `{ error }`.
  const error = oauthErrorCode(body);
  if (!response.ok || (error !== undefined && step === 'token')) {
    throw new ApplicationError(m.rejected(http.label, step, response.status, error));
  }
  return body;
}

/**
 * The payload of a JWT, unverified: only for an `id_token` our server received directly from the
 * token endpoint. Answers undefined when it is not a JWT.
 */
export function jwtClaims(token: unknown): Record<string, unknown> | undefined {
  if (typeof token !== 'string') return undefined;
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
