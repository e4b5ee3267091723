/**
 * Entity tags of the Content API's answers (`ETag`), and the conditions requests put on them.
 *
 * A one-document answer's tag is `"<state>.<shape>"`: `<state>` names the document's versions in
 * that locale as stored, keyed with the project's secret (see the content service's `stateTag`: a
 * stored row holds private attributes, so no part of a tag is an unkeyed hash of it), `<shape>`
 * what else the answer is made of. An answer that populates nothing is made of the document alone,
 * shaped by the request's query and the content type as the server loaded it: `<shape>` names
 * those (cheap: no hash of the answer on every read). One that populates shows other documents
 * too: `<shape>` is a hash of the answer itself. `If-None-Match` compares the whole tag, so a 304
 * never stands for an answer that would differ; `If-Match` on a write compares the state only, so
 * a tag read with any `populate` or `fields` guards the same document. A list's tag is a hash of
 * its answer, made once per cached answer. An answer's hash tells no more than the answer shows.
 */
import { hash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';

const bodyHash = (body: string | Buffer) => hash('sha1', body, 'base64url').slice(0, 16);

/** A mark of each content type as loaded: a type changed on disk is another object, so answers shaped by it get other tags. */
const typeMarks = new WeakMap<object, string>();
function markOf(type: object): string {
  let mark = typeMarks.get(type);
  if (mark === undefined) typeMarks.set(type, (mark = randomBytes(6).toString('base64url')));
  return mark;
}

/** What a one-document answer is made of besides its document's state. */
export interface AnswerShape {
  /** The content type it was answered with. */
  type: object;
  /** The request's query string. */
  query: string;
  /** Whether it shows other documents (relations, media, localizations populated). */
  populated: boolean;
}

/** Each cached list answer's tag, made once: the answer cache hands out the same Buffer until it changes. */
const listTags = new WeakMap<Buffer, string>();

/** The shape part of unpopulated answers by type mark and query, made once each (a site asks the same few queries). */
const shapeParts = new Map<string, string>();
const MAX_SHAPES = 4096;
function shapePart(type: object, query: string): string {
  const key = `${markOf(type)}?${query}`;
  let part = shapeParts.get(key);
  if (part === undefined) {
    if (shapeParts.size >= MAX_SHAPES) shapeParts.clear();
    shapeParts.set(key, (part = bodyHash(key)));
  }
  return part;
}

/**
 * @example documentTag('q3F0…', '{"data":…}', { type, query: 'status=draft', populated: false }) // '"q3F0….Zm9v…"'
 */
export function documentTag(state: string, body: string | Buffer, shape: AnswerShape): string {
  return `"${state}.${shape.populated ? bodyHash(body) : shapePart(shape.type, shape.query)}"`;
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
  // Koa's freshness check reads every response header: asked only of a request that names a tag.
  if (ctx.headers['if-none-match'] !== undefined && (ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = body;
}
