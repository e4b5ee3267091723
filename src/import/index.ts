/** Moving a site into foliocms from another CMS: `folio import strapi`. */
export { importStrapi, type ImportOptions, type ImportReport, type ImportStage } from './strapi-import.js';
