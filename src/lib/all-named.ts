/**
 * `Promise.all` over a record: every value is awaited at once and each result keeps its name, so a page that
 * loads many things reads them by name rather than by their position in a list.
 */
export async function allNamed<T extends Record<string, unknown>>(
  promises: {
    [K in keyof T]: Promise<T[K]> | T[K];
  },
): Promise<T> {
  const keys = Object.keys(promises) as (keyof T)[];
  const values = await Promise.all(keys.map((key) => promises[key]));
  return Object.fromEntries(keys.map((key, i) => [key, values[i]])) as T;
}
