/** Not translated yet. */
import { contentWords as english } from '../en/content.js';

/** @type {typeof english} */
export const contentWords = english;
