/** `X-Folio-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as receivers check it. */
import { createHmac } from 'node:crypto';

/**
 * @example signature('s3cret', '{"event":"entry.create"}', 1764150000) // 't=1764150000,v1=5f…'
 */
export function signature(secret: string, body: string, seconds: number): string {
  return `t=${seconds},v1=${createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex')}`;
}
