/**
 * Every word the page shows in English, by the part of the page that shows it: its frame and
 * sign-in, the content screens, the fields and their editors, the media library, the settings.
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

export const en = {
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

/** @typedef {typeof en} Strings The shape every language's words have. */
