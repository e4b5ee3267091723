/** Not built yet. */
export const ready = false;
