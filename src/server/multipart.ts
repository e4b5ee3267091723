/**
 * Reads a `multipart/form-data` body (busboy): its files and its text fields. A file is refused
 * with 413 as soon as it passes `sizeLimit`, before the rest of the body is read; a body that is
 * not multipart is a 400.
 */
import busboy from 'busboy';
import type { Context } from 'koa';
import { BadRequestError, PayloadTooLargeError } from '../errors.js';
import { tooLarge, type IncomingFile } from '../media/index.js';

export interface MultipartBody {
  /** The files of field `field`, in the order they came. */
  files: IncomingFile[];
  /** Text fields; a field sent several times keeps each value in order. */
  fields: Record<string, string[]>;
}

/** At most this many parts: a request of a million empty fields is refused, not parsed. */
const MAX_PARTS = 1000;

/**
 * @example const { files, fields } = await readMultipart(ctx, 'files', 50 * 1024 * 1024);
 */
export function readMultipart(ctx: Context, field: string, sizeLimit: number): Promise<MultipartBody> {
  if (!ctx.is('multipart/form-data')) return Promise.reject(new BadRequestError('The body must be multipart/form-data, with the files in the field "files"'));
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: ctx.req.headers, limits: { fileSize: sizeLimit, parts: MAX_PARTS, fieldSize: 1024 * 1024 } });
  } catch {
    return Promise.reject(new BadRequestError('The multipart body has no boundary'));
  }
  return new Promise((resolve, reject) => {
    const body: MultipartBody = { files: [], fields: {} };
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      ctx.req.unpipe(parser);
      ctx.req.resume(); // the rest of the body is read and dropped, so the answer reaches the client
      reject(error);
    };
    parser.on('file', (name, stream, info) => {
      if (name !== field) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new PayloadTooLargeError(tooLarge(info.filename || 'A file', sizeLimit))));
      stream.on('close', () => {
        if (!failed) body.files.push({ filename: info.filename ?? '', mime: info.mimeType, bytes: Buffer.concat(chunks) });
      });
    });
    parser.on('field', (name, value) => {
      (body.fields[name] ??= []).push(value);
    });
    parser.on('partsLimit', () => fail(new BadRequestError(`A multipart body holds at most ${MAX_PARTS} parts`)));
    parser.on('error', () => fail(new BadRequestError('The multipart body is malformed')));
    parser.on('close', () => {
      if (!failed) resolve(body);
    });
    ctx.req.on('error', () => fail(new BadRequestError('The request body was cut off')));
    ctx.req.pipe(parser);
  });
}
