/** `folio content-type create|list`. */
import type { Command } from 'commander';
import type { CliIo, GlobalOptions } from '../io.js';
import { done, emit, table } from '../output.js';
import { valueOrAsk } from '../prompt.js';

interface CreateOptions {
  plural?: string;
  kind?: string;
  i18n?: boolean;
  draftAndPublish?: boolean;
  attr?: string[];
}

export function registerContentType(program: Command, io: CliIo): void {
  const group = program.command('content-type').description('define content types (content-types/<singularName>.yaml)');

  group
    .command('create [singularName]')
    .description('write content-types/<singularName>.yaml')
    .option('--plural <name>', 'plural name, used in /api/<plural> (default: <singularName>s)')
    .option('--kind <kind>', 'collectionType or singleType (default: collectionType)')
    .option('--i18n', 'the content type is localized')
    .option('--draft-and-publish', 'documents have a draft and a published version')
    .option('--attr <spec...>', 'attributes as name:type[:localized], e.g. title:string:localized views:integer')
    .action(async (singularArg: string | undefined, options: CreateOptions, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { createContentTypeFile } = await import('../../project/index.js');
      const singularName = await valueOrAsk(io, globals, singularArg, { flag: '<singularName>', message: 'Singular name (e.g. article)' });
      const created = await createContentTypeFile(globals.dir, {
        singularName,
        pluralName: options.plural,
        kind: options.kind,
        i18n: options.i18n ?? false,
        draftAndPublish: options.draftAndPublish ?? false,
        attributes: options.attr ?? [],
      });
      done(io, globals, created.contentType, `Created ${created.file}. A running \`folio serve\` serves /api/${created.route} within a second; grant its actions with \`folio permission grant\`.`);
    });

  group
    .command('list')
    .description('list content types with kind, plural name, i18n, draft & publish')
    .action(async (_options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { listContentTypes } = await import('../../project/index.js');
      const rows = await listContentTypes(globals.dir);
      emit(io, globals, rows, () => (rows.length === 0 ? 'No content types yet. Create one with `folio content-type create`.\n' : table(rows, ['singularName', 'kind', 'pluralName', 'i18n', 'draftAndPublish', 'attributes'])));
    });
}
