/** Not translated yet. */
import { pageWords as english } from '../en/page.js';

/** @type {typeof english} */
export const pageWords = english;
