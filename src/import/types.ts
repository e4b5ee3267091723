/**
 * What `folio import strapi` is told and what it answers: the options of an import (a dry run,
 * --force, the environment, a progress callback told of each stage) and the report it gives back,
 * which `folio import` prints: what was imported, counted, and what was skipped and why.
 */

export type ImportStage = 'reading' | 'documents' | 'files' | 'checking' | 'saving';

export interface ImportOptions {
  dryRun?: boolean;
  /** Replace a project's content, users and files rather than refuse. */
  force?: boolean;
  env?: Record<string, string | undefined>;
  /** Told how far each stage is (`total` 0 when unknown). */
  progress?: (stage: ImportStage, done: number, total: number) => void;
}

/** The progress callback every step is given (one that does nothing when none was). */
export type Progress = NonNullable<ImportOptions['progress']>;

export interface ImportReport {
  archive: string;
  strapiVersion: string;
  project: string;
  dryRun: boolean;
  contentTypes: string[];
  components: string[];
  /** Per content type and locale (`null`: not localized): documents and their versions (draft, published). */
  documents: Array<{ type: string; locale: string | null; documents: number; versions: number }>;
  relations: number;
  users: number;
  roles: number;
  permissions: number;
  files: number;
  locales: string[];
  defaultLocale: string;
  skipped: Array<{ what: string; count: number; why: string }>;
}
