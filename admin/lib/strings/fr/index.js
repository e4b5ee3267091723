/**
 * Every word the page shows in French, by the part of the page that shows it, in the shape of the
 * English words (`Strings`), which the type checker holds it to.
 */
import { accountWords } from './accounts.js';
import { contentWords } from './content.js';
import { editorWords } from './editor.js';
import { fieldWords } from './fields.js';
import { libraryWords } from './library.js';
import { listWords } from './lists.js';
import { markdownWords } from './markdown.js';
import { pageWords } from './page.js';
import { settingsWords } from './settings.js';

/** @type {import('../en/index.js').Strings} */
export const fr = {
  ...pageWords,
  ...contentWords,
  ...listWords,
  ...fieldWords,
  ...editorWords,
  ...markdownWords,
  ...libraryWords,
  ...accountWords,
  ...settingsWords,
};
