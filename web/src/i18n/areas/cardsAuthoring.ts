// English strings of the cardsAuthoring area, merged into en.ts under the key cardsAuthoring.
export const cardsAuthoring = {};
