/** Moving a site into foliocms from another CMS: `folio import strapi`. */
export { importStrapi } from './strapi-import.js';
export type { ImportOptions, ImportReport, ImportStage } from './types.js';
