/**
 * `folio media add|list|delete`: the media library from scripts, as `POST /api/upload` and
 * `/api/upload/files` do it. A running server serves what the CLI adds at once.
 */
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { Command } from 'commander';
import { ApplicationError } from '../../errors.js';
import type { FileRow } from '../../media/index.js';
import type { CliIo, GlobalOptions } from '../io.js';
import { done, emit, table } from '../output.js';

async function openMedia(globals: GlobalOptions, io: CliIo) {
  const { openProjectData } = await import('../../project/index.js');
  return openProjectData(globals.dir, { env: io.env });
}

/** `12`: a file's numeric id, as the API names files. */
function fileId(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw new ApplicationError(`"${raw}" is not a file id: give the number \`folio media list\` shows`);
  return Number(raw);
}

const dimensions = (file: FileRow) => (file.width === null ? '' : `${file.width}×${file.height}`);

export function registerMedia(program: Command, io: CliIo): void {
  const group = program.command('media').description('manage uploaded files (the media library): add, list, delete');

  group
    .command('add <file...>')
    .description('upload files, as POST /api/upload: images get their width, height and responsive formats')
    .option('--alt <text>', 'the alternative text of every file added')
    .option('--caption <text>', 'the caption of every file added')
    .action(async (paths: string[], options: { alt?: string; caption?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { lookup } = await import('mime-types');
      // Relative to where the command runs (as `cp` would), every one checked before anything is stored;
      // their bytes are read from there as they are stored.
      const files = await Promise.all(
        paths.map(async (path) => {
          const full = resolve(path);
          const found = await stat(full).catch((error: NodeJS.ErrnoException) => {
            throw new ApplicationError(`cannot read ${path}: ${error.code === 'ENOENT' ? 'no such file' : (error.code ?? error.message)}`);
          });
          if (!found.isFile()) throw new ApplicationError(`cannot read ${path}: ${found.isDirectory() ? 'it is a folder' : 'it is not a file'}`);
          return { filename: basename(path), mime: lookup(path) || 'application/octet-stream', path: full, size: found.size };
        }),
      );
      const info = { ...(options.alt !== undefined && { alternativeText: options.alt }), ...(options.caption !== undefined && { caption: options.caption }) };
      const data = await openMedia(globals, io);
      // With history in git, the upload is committed before the command ends.
      const added = await data.media.upload(files, files.map(() => info)).finally(() => data.history.close());
      done(io, globals, added, added.map((file) => `Added file ${file.id} (${file.name}, ${file.mime}${file.width === null ? '' : `, ${dimensions(file)}`}): ${file.url}`).join('\n'));
    });

  group
    .command('list')
    .description('list files: id, name, type, size in KB, dimensions, URL')
    .action(async (_options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const files = (await openMedia(globals, io)).media.list();
      emit(io, globals, files, () =>
        table(
          files.map((file) => ({ id: String(file.id), name: file.name, mime: file.mime, kb: String(file.size), size: dimensions(file), url: file.url })),
          ['id', 'name', 'mime', 'kb', 'size', 'url'],
        ),
      );
    });

  group
    .command('delete <id>')
    .description('delete a file and its formats (the URL stops working at once)')
    .action(async (raw: string, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const id = fileId(raw);
      // The whole project: the documents that show the file are written without it.
      const { openProject } = await import('../../project/index.js');
      const project = await openProject(globals.dir, { env: io.env });
      if (!project.media.find(id)) throw new ApplicationError(`no file has the id ${id}: \`folio media list\` shows them`);
      const removed = await project.media.remove(id);
      const unlinked = await project.content.unlinkFile(id);
      await project.close();
      // Taking a file out of the documents that show it is the media library's change, not a document action.
      const untold = unlinked > 0 && project.extensions.middlewares.list.length > 0 ? ' Document middlewares did not run for that unlinking.' : '';
      done(io, globals, removed, `Deleted file ${removed.id} (${removed.name}) and its formats${unlinked > 0 ? `; unlinked it from ${unlinked} document(s)` : ''}.${untold}`);
    });
}
