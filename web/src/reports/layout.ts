// How a report's tables share the width of a wide screen. Pure; see layout.test.ts.

/** Tables of this many columns or fewer (a name and a count or two) sit two abreast on a wide screen. */
export const NARROW_TABLE_COLUMNS = 3;

/** Which tables take half a row: narrow ones next to another narrow one; a narrow one left alone takes the row. */
export function pairNarrowTables(narrow: readonly boolean[]): boolean[] {
  const half = narrow.map(() => false);
  for (let i = 0; i < narrow.length - 1; i++) {
    if (narrow[i] && narrow[i + 1]) {
      half[i] = half[i + 1] = true;
      i++;
    }
  }
  return half;
}
