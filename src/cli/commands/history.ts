/**
 * `folio history <singular> [<documentId>]` and `folio restore <singular> <documentId> <version>`:
 * who changed what, newest first, and a version put back into the draft (docs/history.md). A
 * restore is a write like any other: validated, sent to webhooks, and, with `git.commit`, committed
 * as git's own user before the command ends.
 */
import type { Command } from 'commander';
import { ApplicationError, NotFoundError } from '../../errors.js';
import type { HistoryAuthor, HistoryEntry } from '../../history/index.js';
import { SYSTEM_ACTOR } from '../../permissions/index.js';
import type { ContentType, Schemas } from '../../schema/index.js';
import type { CliIo, GlobalOptions } from '../io.js';
import { done, emit, table } from '../output.js';

function typeNamed(schemas: Schemas, singular: string): ContentType {
  const type = schemas.bySingular(singular);
  if (!type) {
    const known = schemas.contentTypes.map((candidate) => candidate.singularName).join(', ') || 'none yet';
    throw new ApplicationError(`no content type is named "${singular}" (content types: ${known})`);
  }
  return type;
}

const authorText = (author: HistoryAuthor) => ('token' in author ? `API token ${author.token}` : `${author.username} <${author.email}>`);

/** The entries as a table: a type's whole history names each entry's document. */
function historyTable(entries: readonly HistoryEntry[], withDocument: boolean): string {
  if (entries.length === 0) return 'No history yet.\n';
  const rows = entries.map((entry) => ({
    version: entry.version.length > 20 ? entry.version.slice(0, 12) : entry.version,
    date: entry.createdAt.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
    author: authorText(entry.author),
    document: entry.documentId,
    action: entry.action,
    status: entry.status,
    locale: entry.locale ?? '',
    changed: entry.changed.join(', '),
  }));
  return table(rows, withDocument ? ['version', 'date', 'author', 'document', 'action', 'status', 'locale', 'changed'] : ['version', 'date', 'author', 'action', 'status', 'locale', 'changed']);
}

export function registerHistory(program: Command, io: CliIo): void {
  program
    .command('history <singular> [documentId]')
    .description("who changed what, newest first: a document's history (a single type's, or a whole type's without a documentId)")
    .option('--locale <code>', 'only the versions of this locale (default: every locale)')
    .action(async (singular: string, documentId: string | undefined, options: { locale?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { openProjectData } = await import('../../project/index.js');
      const data = await openProjectData(globals.dir, { env: io.env });
      try {
        const type = typeNamed(data.schemas, singular);
        if (options.locale !== undefined && type.localized && !data.config.i18n.locales.some((locale) => locale.code === options.locale)) {
          throw new ApplicationError(`no locale "${options.locale}" (\`folio locale list\` shows them)`);
        }
        const locale = options.locale === undefined ? undefined : type.localized ? options.locale : null;
        const entries = await data.history.list({ type, documentId, locale });
        if (documentId !== undefined && entries.length === 0) throw new NotFoundError(`${singular} ${documentId} has no history`);
        emit(io, globals, entries, () => historyTable(entries, documentId === undefined));
      } finally {
        await data.history.close();
      }
    });

  program
    .command('restore <singular> <documentId> <version>')
    .description("put a version's attributes back into the document's draft (shared ones in every locale), as an update by git's own user")
    .option('--locale <code>', 'the locale version to restore (default: the default locale)')
    .action(async (singular: string, documentId: string, version: string, options: { locale?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { openProject } = await import('../../project/index.js');
      const project = await openProject(globals.dir, { env: io.env });
      try {
        const type = typeNamed(project.schemas, singular);
        const restored = await project.content.restore(type, documentId, version, { status: 'draft', locale: options.locale, actor: SYSTEM_ACTOR });
        done(io, globals, restored.data, `Restored ${singular} ${documentId}${options.locale ? ` (${options.locale})` : ''} to version ${version}: its draft holds that version's attributes now.`);
      } finally {
        await project.close();
      }
    });
}
