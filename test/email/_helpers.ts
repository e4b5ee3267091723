// Shared by the email specs: a minimal RFC 822 / MIME reader (enough for what nodemailer writes),
// and a logger that keeps its lines.
import type { Logger } from '../../src/log/index.js';

export interface ParsedPart {
  /** Lower-cased header names; folded lines joined. */
  headers: Record<string, string>;
  /** The decoded body (quoted-printable and base64 undone). */
  body: string;
  parts: ParsedPart[];
}

export function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** Parses a message (or a MIME part) into headers, decoded body and sub-parts. */
export function parseMessage(raw: string): ParsedPart {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const rest = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary && /^multipart\//i.test(headers['content-type'] ?? '')) {
    const sections = rest.split(`--${boundary}`).slice(1);
    const parts = sections.filter((s) => !s.startsWith('--')).map((s) => parseMessage(s.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
    return { headers, body: '', parts };
  }
  return { headers, body: decodeBody(rest, headers['content-transfer-encoding']), parts: [] };
}

/** The first leaf part whose Content-Type starts with `type`, searching depth first. */
export function findPart(message: ParsedPart, type: string): ParsedPart | undefined {
  if (message.parts.length === 0) return (message.headers['content-type'] ?? 'text/plain').startsWith(type) ? message : undefined;
  for (const part of message.parts) {
    const found = findPart(part, type);
    if (found) return found;
  }
  return undefined;
}

export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    debug: (message) => void lines.push(`debug ${message}`),
    info: (message) => void lines.push(`info ${message}`),
    warn: (message) => void lines.push(`warn ${message}`),
    error: (message, cause) => void lines.push(`error ${message}${cause instanceof Error ? `: ${cause.message}` : ''}`),
    request: () => undefined,
  };
}
