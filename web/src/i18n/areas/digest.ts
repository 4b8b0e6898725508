// English strings of the digest area, merged into en.ts under the key digest.
export const digest = {};
