/**
 * Where a version's file is (its status and locale against the content type's options and the
 * project's locales) and its system fields: `id`, `documentId`, `locale`, the timestamps and
 * `publishedAt`.
 */
import { validationMessages as m } from '../../model/index.js';
import type { ContentType } from '../../schema/index.js';
import { NO_LOCALE } from '../types.js';
import type { StoredDocumentContext, StoredProblem } from './problems.js';

export function checkPlace(type: ContentType, context: StoredDocumentContext, problems: StoredProblem[]): void {
  if (!type.draftAndPublish && context.status === 'draft') {
    problems.push({ message: `${type.singularName} has no draft & publish: its versions are published.<locale>.json, never draft` });
  }
  if (!type.localized) {
    if (context.locale !== NO_LOCALE) {
      const stored = `its versions are stored as <status>.${NO_LOCALE}.json`;
      problems.push({ message: `${type.singularName} is not localized: ${stored}, not with locale "${context.locale}"` });
    }
  } else if (context.locale === NO_LOCALE || (context.locales && !context.locales.includes(context.locale))) {
    const known = context.locales ? ` (config/i18n.yaml: ${context.locales.join(', ')})` : '';
    problems.push({
      message: context.locale === NO_LOCALE
        ? `${type.singularName} is localized: name the file <status>.<locale>.json with a locale of the project${known}`
        : `locale "${context.locale}" is not a locale of the project${known}; `
          + `add it with \`folio locale add ${context.locale}\` or rename the file`,
    });
  }
}

const TIMESTAMPS = ['createdAt', 'updatedAt'] as const;

/** `id`, `documentId`, `locale` and the timestamps; the ones with a type go into `payload` for the validator. */
export function checkSystemFields(
  type: ContentType,
  row: Record<string, unknown>,
  context: StoredDocumentContext,
  draft: boolean,
  payload: Record<string, unknown>,
  problems: StoredProblem[],
): void {
  const required = !context.handWritten;
  for (const name of ['id', ...TIMESTAMPS]) {
    if (row[name] === undefined || row[name] === null) {
      if (required || row[name] === null) problems.push({ message: m.required(name), path: [name] });
    } else payload[name] = row[name];
  }
  if (row.documentId !== undefined && row.documentId !== context.documentId) {
    problems.push({
      message: `documentId ${JSON.stringify(row.documentId)} does not match the document's folder name (${context.documentId})`,
      path: ['documentId'],
    });
  }
  if (row.locale !== undefined) {
    const expected = type.localized ? context.locale : null;
    if (row.locale !== expected) {
      problems.push({
        message: type.localized
          ? `locale ${JSON.stringify(row.locale)} does not match the file name (${context.status}.${context.locale}.json)`
          : `locale must be null: ${type.singularName} is not localized, got ${JSON.stringify(row.locale)}`,
        path: ['locale'],
      });
    }
  }
  const publishedAt = row.publishedAt;
  if (draft) {
    if (publishedAt !== undefined && publishedAt !== null) {
      problems.push({ message: `publishedAt must be null on a draft, got ${JSON.stringify(publishedAt)}`, path: ['publishedAt'] });
    }
  } else if (publishedAt === null) {
    problems.push({ message: 'publishedAt must be a date and time on a published version, not null', path: ['publishedAt'] });
  } else if (publishedAt === undefined) {
    if (required) problems.push({ message: m.required('publishedAt'), path: ['publishedAt'] });
  } else payload.publishedAt = publishedAt;
}
