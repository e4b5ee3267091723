/**
 * Reads a `multipart/form-data` body (busboy): its text fields, and its files streamed to temporary
 * files as they arrive, so that a request is never held in memory whole. A file is refused with 413
 * as soon as it passes the limit of one file, the files of a request as soon as together they pass
 * the limit of one request, before the rest of the body is read; a body that is not multipart is a
 * 400. The temporary files are removed once the request is answered, whatever happened.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import busboy from 'busboy';
import type { Context } from 'koa';
import { BadRequestError, InsufficientStorageError, PayloadTooLargeError } from '../errors.js';
import { requestTooLarge, tooLarge, type IncomingFile } from '../media/index.js';

export interface MultipartBody {
  /** The files of field `field`, in the order they came, each in a temporary file. */
  files: IncomingFile[];
  /** Text fields; a field sent several times keeps each value in order. */
  fields: Record<string, string[]>;
}

export interface MultipartLimits {
  /** The most bytes of one file (`upload.sizeLimit`). */
  fileSize: number;
  /** The most bytes of all the files of one request together (`upload.requestSizeLimit`). */
  requestSize: number;
}

/** At most this many parts: a request of a million empty fields is refused, not parsed. */
const MAX_PARTS = 1000;

/** A disk that cannot take the temporary files is the server's fault, said as such. */
const FULL_DISK = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

/**
 * Reads the body, calls `use` with it, and removes its temporary files once `use` has settled.
 * @example await withMultipart(ctx, 'files', { fileSize: 50e6, requestSize: 50e6 }, ({ files }) => media.upload(files));
 */
export async function withMultipart<T>(ctx: Context, field: string, limits: MultipartLimits, use: (body: MultipartBody) => Promise<T>): Promise<T> {
  if (!ctx.is('multipart/form-data')) throw new BadRequestError('The body must be multipart/form-data, with the files in the field "files"');
  const folder = await mkdtemp(join(tmpdir(), 'folio-upload-'));
  try {
    return await use(await readInto(ctx, field, limits, folder));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function readInto(ctx: Context, field: string, limits: MultipartLimits, folder: string): Promise<MultipartBody> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: ctx.req.headers, limits: { fileSize: limits.fileSize, parts: MAX_PARTS, fieldSize: 1024 * 1024 } });
  } catch {
    return Promise.reject(new BadRequestError('The multipart body has no boundary'));
  }
  return new Promise((resolve, reject) => {
    const body: MultipartBody = { files: [], fields: {} };
    /** Each file's write to its temporary file: settled once it is closed. */
    const writes: Array<Promise<void>> = [];
    const outputs: Array<ReturnType<typeof createWriteStream>> = [];
    let received = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      ctx.req.unpipe(parser);
      ctx.req.resume(); // the rest of the body is read and dropped, so the answer reaches the client
      for (const output of outputs) output.destroy();
      // Rejected once every temporary file is closed: nothing is written after they are removed.
      void Promise.allSettled(writes).then(() => reject(error));
    };
    parser.on('file', (name, stream, info) => {
      if (name !== field || failed) {
        stream.resume();
        return;
      }
      // Named by its place, never by the client: a name from the request never becomes a path.
      const file: IncomingFile = { filename: info.filename ?? '', mime: info.mimeType, path: join(folder, String(body.files.length)), size: 0 };
      body.files.push(file);
      const output = createWriteStream(file.path, { mode: 0o600 });
      outputs.push(output);
      writes.push(new Promise<void>((done) => {
        output.on('close', done);
        output.on('error', (error: NodeJS.ErrnoException) => {
          fail(FULL_DISK.has(error.code ?? '') ? new InsufficientStorageError('The server cannot store the upload now: its disk is full or cannot be written') : error);
        });
      }));
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
        received += chunk.length;
        if (received > limits.requestSize) fail(new PayloadTooLargeError(requestTooLarge(limits.requestSize)));
      });
      stream.on('limit', () => fail(new PayloadTooLargeError(tooLarge(info.filename || 'A file', limits.fileSize))));
      stream.pipe(output);
    });
    parser.on('field', (name, value) => {
      (body.fields[name] ??= []).push(value);
    });
    parser.on('partsLimit', () => fail(new BadRequestError(`A multipart body holds at most ${MAX_PARTS} parts`)));
    parser.on('error', () => fail(new BadRequestError('The multipart body is malformed')));
    parser.on('close', () => {
      // Every part is read; the body is whole once the last temporary file is written and closed.
      void Promise.all(writes).then(() => {
        if (!failed) resolve(body);
      });
    });
    // A client that goes away mid-body (Node reports it as an error of the request): its temporary files are removed.
    ctx.req.on('error', () => fail(new BadRequestError('The request body was cut off')));
    ctx.req.pipe(parser);
  });
}
