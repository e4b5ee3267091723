/**
 * What `folio diff` answers: the document versions and the content-type and component files that
 * differ between two revisions of a project, as the lines a reviewer reads and as JSON.
 */
import type { DocumentStatus, Json } from '../../storage/index.js';
import type { AttributeChange, ChangeKind } from './changes.js';

export type { ChangeKind } from './changes.js';

/** One version (one status, one locale) of one document that differs between the two sides. */
export interface VersionChange {
  /** `api::<singular>.<singular>`. */
  type: string;
  singularName: string;
  documentId: string;
  /** The document's name: its main text value, or its documentId when it has none. */
  title: string;
  /** Whether `title` is a text value rather than the documentId it falls back to. */
  named: boolean;
  /** null for a type that is not localized (files named `<status>.default.json`). */
  locale: string | null;
  status: DocumentStatus;
  change: ChangeKind;
  /** Empty for a version added or removed as a whole. */
  attributes: AttributeChange[];
  /** Why the version could not be compared: a side that is not valid JSON. */
  problem?: string;
}

/** A content-type or component file added, removed or changed. */
export interface SchemaFileChange {
  /** A content type's singular name, or a component's uid (`shared.seo`). */
  name: string;
  kind: 'content type' | 'component';
  change: ChangeKind;
}

/** An attribute's change as `--json` prints it: the values of a secret one are left out. */
export interface AttributeChangeJson {
  path: string;
  change: ChangeKind;
  before?: Json;
  after?: Json;
}

/** What `folio diff --json` prints. */
export interface ContentDiffJson {
  /** The revision compared from, as given (`HEAD` when none was). */
  from: string;
  /** The revision compared to, as given; null for the work tree. */
  to: string | null;
  changes: Array<{
    type: string;
    singularName: string;
    documentId: string;
    title: string;
    locale: string | null;
    status: DocumentStatus;
    change: ChangeKind;
    attributes: AttributeChangeJson[];
    problem?: string;
  }>;
  contentTypes: Array<{ singularName: string; change: ChangeKind }>;
  components: Array<{ uid: string; change: ChangeKind }>;
}

/** The content changes between two revisions. */
export interface ContentDiff {
  /** What `--json` prints. */
  json: ContentDiffJson;
  /** One line per file of a content type or component, then per document version; none when nothing changed. */
  lines: string[];
  versions: VersionChange[];
  schemaFiles: SchemaFileChange[];
}
