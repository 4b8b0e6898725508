// A Vite plugin: each translation file (web/src/i18n/locales/<language>/<area>.ts) is served with its ICU messages
// already parsed (intl-messageformat's AST, the tags left as text as i18next-icu asks), so the browser never
// downloads the ICU parser (vite.config.ts aliases it to its no-parser build, as formatjs documents). Messages that
// read as themselves stay strings.
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { transformWithEsbuild, type Plugin } from 'vite';
import { isPlainText } from '../web/src/i18n/plainText.ts';

const LOCALE_FILE = /\/web\/src\/i18n\/locales\/\w+\/\w+\.ts$/;

type Strings = { [key: string]: string | Strings };
type Compiled = { [key: string]: string | MessageFormatElement[] | Compiled };

function compile(tree: Strings, path: string): Compiled {
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => {
      if (typeof value !== 'string') return [key, compile(value, `${path}${key}.`)];
      if (isPlainText(value)) return [key, value];
      try {
        return [key, parse(value, { ignoreTag: true })];
      } catch (err) {
        throw new Error(`${path}${key}: ${(err as Error).message}`, { cause: err });
      }
    }),
  );
}

export function precompiledMessages(): Plugin {
  return {
    name: 'rivalscope:precompiled-messages',
    enforce: 'pre',
    async transform(code, id) {
      if (!LOCALE_FILE.test(id)) return null;
      // A translation file is one object literal (and type-only imports): `var x = {…}; export { x as default };`.
      const js = (await transformWithEsbuild(code, id, { loader: 'ts', format: 'esm' })).code;
      const strings = new Function(js.replace(/export\s*\{\s*(\w+) as default\s*\};?/, 'return $1;'))() as Strings;
      return { code: `export default ${JSON.stringify(compile(strings, ''))};\n`, map: null };
    },
  };
}
