/** A day in milliseconds: the product counts days in UTC, so every day is this long. */
export const DAY_MS = 86_400_000;
