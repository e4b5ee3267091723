/**
 * The on-disk names of a project's folders and files, relative to its root (the documents' folder
 * relative to the data folder), as docs/getting-started.md "Project layout" lists them. They are
 * here, a shared module of src/ with no imports, rather than in project/, because schema/ (a layer
 * below project/) reads content-types/ and the content-watch thread names data/content in its
 * messages; project/paths.ts joins them into the paths of one project.
 */

/** The project's settings: `config/<name>.yaml`. */
export const CONFIG_FOLDER = 'config';

/** Content types and components: `content-types/<singular>.yaml`, `content-types/components/…`. */
export const CONTENT_TYPES_FOLDER = 'content-types';

/** Everything the server stores, unless `FOLIO_DATA_DIR` moves it. */
export const DATA_FOLDER = 'data';

/** The document files, under the data folder: `content/<type>/<documentId>/<status>.<locale>.json`. */
export const CONTENT_FOLDER = 'content';

/**
 * The locale in the file name of a version of a type without locales (`published.default.json`):
 * no locale code is `default`. History's `Folio-Locale` trailer names such versions so too.
 */
export const NO_LOCALE = 'default';

/** Emails written with `transport: outbox`, under the data folder. */
export const OUTBOX_FOLDER = 'outbox';

/** The file of a project's secrets, at its root (docs/content-in-git.md). */
export const ENV_FILE = '.env';
