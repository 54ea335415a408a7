// What a shopper typed into a search box, as the catalogue is asked for it. SPEC is silent on a
// maximum; nobody types 200 characters to find a pool pump, and the cap keeps cache keys and
// upstream queries small whatever arrives in the address.
export const SEARCH_QUERY_MAX_LENGTH = 200;

export function normaliseSearchQuery(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
}
