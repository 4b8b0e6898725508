// English strings of the ask area, merged into en.ts under the key ask.
export const ask = {};
