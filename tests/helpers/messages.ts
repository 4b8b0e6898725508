// Reading translation files in tests: the web app's (web/src/i18n/locales/) and the server's (search-api/strings/)
// are trees of ICU messages, and their tests, and the build's precompiled messages', walk them and read what each
// message is made of. One walk and one reading of a message here, for all of them.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** A translation file's strings: ICU messages, nested by key. */
export type MessageTree = { [key: string]: string | MessageTree };

/** Every message of a tree with its dotted key ('search.sort.newest'), in the file's order. */
export const leaves = (tree: MessageTree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));

/** What stands at a dotted key of a tree of the same shape (a built copy of a translation file), or undefined. */
export function valueAt(tree: unknown, key: string): unknown {
  let node = tree;
  for (const part of key.split('.')) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/**
 * A placeholder of a message, wherever it stands (inside plural and select options and tags too): its kind as the
 * parser names it ('argument', 'number', 'date', 'time', 'select', 'plural', 'tag') and its name; a plural's and a
 * select's option keys, sorted.
 */
export type MessagePart = { kind: string; name: string; options?: string[] };

/**
 * The placeholders of a message, in reading order. Throws when the message does not parse. `ignoreTag` reads
 * `<b>…</b>` as text, as the web app's translator does (i18next-icu); the server's strings take tags as tags.
 */
export function messageParts(message: string, opts: { ignoreTag?: boolean; language?: string } = {}): MessagePart[] {
  const walk = (elements: MessageFormatElement[]): MessagePart[] =>
    elements.flatMap((el): MessagePart[] => {
      if (el.type === TYPE.literal || el.type === TYPE.pound) return [];
      const kind = TYPE[el.type];
      if (el.type === TYPE.select || el.type === TYPE.plural) {
        const own = { kind, name: el.value, options: Object.keys(el.options).sort() };
        return [own, ...Object.values(el.options).flatMap((o) => walk(o.value))];
      }
      if (el.type === TYPE.tag) return [{ kind, name: el.value }, ...walk(el.children)];
      return [{ kind, name: el.value }];
    });
  const locale = opts.language ? new Intl.Locale(opts.language) : undefined;
  return walk(parse(message, { ignoreTag: opts.ignoreTag ?? false, locale }));
}

/** The names of a message's arguments (tags read as text), sorted, each once. */
export const argumentNames = (message: string, language?: string): string[] =>
  [...new Set(messageParts(message, { ignoreTag: true, language }).map((p) => p.name))].sort();

/** Every placeholder of a message with its kind ('select:role', 'tag:pick'), sorted, each once. */
export const argumentKinds = (message: string): string[] => [...new Set(messageParts(message).map((p) => `${p.kind}:${p.name}`))].sort();

/** The option keys of each plural of a message (tags read as text). */
export const pluralCategories = (message: string, language?: string): string[][] =>
  messageParts(message, { ignoreTag: true, language })
    .filter((p) => p.kind === 'plural')
    .map((p) => p.options ?? []);

/** The tags of a message as written (`<pick>`, `</pick>` → 'pick', '/pick'), sorted. */
export const tagsOf = (message: string): string[] => [...message.matchAll(/<(\/?\w+)>/g)].map((m) => m[1]).sort();
