/**
 * Entity tags of the Content API's answers (`ETag`), and the conditions requests put on them.
 *
 * A one-document answer's tag is `"<state>.<body>"`: `<state>` names the document's versions in
 * that locale as stored (see the content service's `stateTag`), `<body>` this very answer (its
 * populated relations and chosen fields too). `If-None-Match` compares the whole tag, so a 304
 * never stands for an answer that would differ; `If-Match` on a write compares the state only, so
 * a tag read with any `populate` or `fields` guards the same document. A list's tag is its body's.
 */
import { hash } from 'node:crypto';
import type { Context } from 'koa';

const bodyHash = (body: string | Buffer) => hash('sha1', body, 'base64url').slice(0, 16);

/** Each cached list answer's tag, made once: the answer cache hands out the same Buffer until it changes. */
const listTags = new WeakMap<Buffer, string>();

/**
 * @example documentTag('q3F0…', '{"data":…}') // '"q3F0….Zm9v…"'
 */
export function documentTag(state: string, body: string | Buffer): string {
  return `"${state}.${bodyHash(body)}"`;
}

/** The tag of a list answer (a Buffer of the answer cache). */
export function listTag(body: Buffer): string {
  let tag = listTags.get(body);
  if (tag === undefined) listTags.set(body, (tag = `"${bodyHash(body)}"`));
  return tag;
}

/**
 * The states an `If-Match` header names (`*`: any), or undefined without one. A weak tag (`W/"…"`)
 * never matches, as RFC 9110 says of `If-Match`; nor does anything that is no tag of ours.
 * @example ifMatchStates('"q3F0….Zm9v", "abc.def"') // ['q3F0…', 'abc']
 */
export function ifMatchStates(header: string | undefined): string[] | undefined {
  if (header === undefined) return undefined;
  if (header.trim() === '*') return ['*'];
  const states: string[] = [];
  for (const match of header.matchAll(/(W\/)?"([^"]*)"/g)) {
    if (match[1] === undefined && match[2]!.includes('.')) states.push(match[2]!.slice(0, match[2]!.indexOf('.')));
  }
  return states;
}

/**
 * Answers `body` with its tag: a 304 without a body when the request's `If-None-Match` names it.
 * @example answerTagged(ctx, documentTag(state, text), text);
 */
export function answerTagged(ctx: Context, tag: string, body: string | Buffer): void {
  ctx.type = 'application/json';
  ctx.set('ETag', tag);
  ctx.status = 200;
  if ((ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = body;
}
