// Martin Porter's stemming algorithm (the original, as Lucene's PorterStemFilter and OpenSearch's
// `porter_stem` / `english` analyzer use it), including Porter's C-version departures
// (bli→ble, logi→log).

const step2list: Record<string, string> = {
  ational: 'ate', tional: 'tion', enci: 'ence', anci: 'ance', izer: 'ize', bli: 'ble', alli: 'al',
  entli: 'ent', eli: 'e', ousli: 'ous', ization: 'ize', ation: 'ate', ator: 'ate', alism: 'al',
  iveness: 'ive', fulness: 'ful', ousness: 'ous', aliti: 'al', iviti: 'ive', biliti: 'ble', logi: 'log',
};
const step3list: Record<string, string> = { icate: 'ic', ative: '', alize: 'al', iciti: 'ic', ical: 'ic', ful: '', ness: '' };

const c = '[^aeiou]';
const v = '[aeiouy]';
const C = `${c}[^aeiouy]*`;
const V = `${v}[aeiou]*`;
const mgr0 = new RegExp(`^(${C})?${V}${C}`);
const meq1 = new RegExp(`^(${C})?${V}${C}(${V})?$`);
const mgr1 = new RegExp(`^(${C})?${V}${C}${V}${C}`);
const sV = new RegExp(`^(${C})?${v}`);
const cvc = new RegExp(`^${C}${v}[^aeiouwxy]$`);
const doubleC = /([^aeiouylsz])\1$/;
const step2re = /^(.+?)(ational|tional|enci|anci|izer|bli|alli|entli|eli|ousli|ization|ation|ator|alism|iveness|fulness|ousness|aliti|iviti|biliti|logi)$/;
const step3re = /^(.+?)(icate|ative|alize|iciti|ical|ful|ness)$/;
const step4re = /^(.+?)(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)$/;
const step4ion = /^(.+?)(s|t)(ion)$/;

function stem(word: string): string {
  if (word.length < 3) return word;
  let w = word;
  const initialY = w[0] === 'y';
  if (initialY) w = `Y${w.slice(1)}`;
  let m: RegExpExecArray | null;

  // Step 1a
  if ((m = /^(.+?)(ss|i)es$/.exec(w))) w = m[1] + m[2];
  else if ((m = /^(.+?)([^s])s$/.exec(w))) w = m[1] + m[2];

  // Step 1b
  if ((m = /^(.+?)eed$/.exec(w))) {
    if (mgr0.test(m[1])) w = w.slice(0, -1);
  } else if ((m = /^(.+?)(ed|ing)$/.exec(w))) {
    const s = m[1];
    if (sV.test(s)) {
      w = s;
      if (/(at|bl|iz)$/.test(w)) w += 'e';
      else if (doubleC.test(w)) w = w.slice(0, -1);
      else if (cvc.test(w)) w += 'e';
    }
  }

  // Step 1c
  if ((m = /^(.+?)y$/.exec(w)) && sV.test(m[1])) w = `${m[1]}i`;

  // Step 2
  if ((m = step2re.exec(w)) && mgr0.test(m[1])) w = m[1] + step2list[m[2]];
  // Step 3
  if ((m = step3re.exec(w)) && mgr0.test(m[1])) w = m[1] + step3list[m[2]];
  // Step 4
  if ((m = step4re.exec(w))) {
    if (mgr1.test(m[1])) w = m[1];
  } else if ((m = step4ion.exec(w))) {
    const s = m[1] + m[2];
    if (mgr1.test(s)) w = s;
  }
  // Step 5
  if ((m = /^(.+?)e$/.exec(w))) {
    const s = m[1];
    if (mgr1.test(s) || (meq1.test(s) && !cvc.test(s))) w = s;
  }
  if (/ll$/.test(w) && mgr1.test(w)) w = w.slice(0, -1);

  if (initialY) w = `y${w.slice(1)}`;
  return w;
}

// Vocabularies are Zipfian: a bounded cache turns almost every call into one Map lookup (the stem of
// a word never changes, so sharing it across engines changes no result).
const cache = new Map<string, string>();
const CACHE_MAX = 200_000;

export function porterStem(word: string): string {
  let s = cache.get(word);
  if (s !== undefined) return s;
  s = stem(word);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(word, s);
  return s;
}
