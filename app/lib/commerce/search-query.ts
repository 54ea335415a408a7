// What a shopper typed into a search box, as the catalogue is asked for it. Lagoon caps it at
// 200 characters (product §5, §9): nobody types that many to find a pool pump, and the cap keeps
// cache keys and upstream queries small whatever arrives in the address.
export const SEARCH_QUERY_MAX_LENGTH = 200;

export function normaliseSearchQuery(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
}
