/** The normalised form of a query: how the cache, repeats and history recognise "the same". */
export function queryKey(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}
