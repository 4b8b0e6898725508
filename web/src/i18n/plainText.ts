/**
 * Whether an ICU message reads as itself: no argument, plural or quoted text (`{`, `}` or a doubled apostrophe;
 * tags are left to <Trans>, `#` is text outside a plural). Such a message needs no formatting; the others are
 * parsed once, at build time (scripts/precompiled-messages.ts), or by the translator in tests.
 */
export const isPlainText = (message: string): boolean => !/[{}]|''/.test(message);
