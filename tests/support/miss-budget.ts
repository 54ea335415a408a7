/**
 * A page-cache budget of misses per client (LAGOON_MISS_BUDGET) that no test suite reaches: the
 * end-to-end suite's browsers and the fuzz's requests all come from this machine's one address,
 * and the default budget would count each suite as one visitor. The budget has tests of its own
 * (server/page-cache).
 */
export const UNREACHED_MISS_BUDGET = "1000000/100000,1000000/100000";
