/**
 * `openFolio({ dir })`: a project opened without serving it, for scripts and static-site builds
 * (docs/custom-code.md): the same document service as an extension's, with the project's
 * extension registered and bootstrapped, on either store.
 */
import type { Folio } from '../extensions/index.js';
import { openProject } from './open-project.js';

export interface OpenFolioOptions {
  /** The project's folder; default the current one. */
  dir?: string;
  /** The environment (`.env` is read under it); default `process.env`. */
  env?: Record<string, string | undefined>;
}

/** What `openFolio` answers: the `folio` of an extension, and `close()`. */
export interface OpenedFolio extends Pick<Folio, 'dir' | 'documents' | 'log'> {
  /** Waits for the writes made, runs the extension's `destroy`, and closes the store (no lock is left). */
  close(): Promise<void>;
}

/** See `openFolio` in the package's entry. */
export async function openFolio(options: OpenFolioOptions = {}): Promise<OpenedFolio> {
  const project = await openProject(options.dir ?? process.cwd(), { env: options.env ?? process.env });
  const { folio } = project.extensions;
  let closing: Promise<void> | undefined;
  return {
    dir: folio.dir,
    documents: folio.documents,
    log: folio.log,
    close: () =>
      (closing ??= (async () => {
        await project.flush();
        await project.close();
      })()),
  };
}
