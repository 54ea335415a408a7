import { isIPv6 } from "node:net";

// Misses are admitted per client (issue 28): a page the cache does not hold costs a render, and
// storing it may push another page out. Each client (an IP address; an IPv6 network's /64, which
// one subscriber holds whole) has two token buckets: renders and stores. A miss within both is
// rendered and stored; one over the store budget is rendered and not stored, so one client cannot
// evict the catalogue. One over the render budget waits for its turn, as nginx's `limit_req`
// delays what is over its rate: a shopper or a crawler a little over the budget is slowed, never
// refused, and the processor renders each client's misses at its rate at most, however many
// it sends. Only what cannot wait is refused (429 with Retry-After): more misses waiting than a
// browser opens connections, a wait past a few seconds, or more waiting misses in all than the
// server holds. Pages the cache holds are served to every client, over budget or not. The buckets
// live in the process: they guard load, not security (a client spread over processes gets a
// budget in each), and cost no store round trip per miss.

export interface MissBudget {
  /** Misses a client may have rendered at once, then per second. */
  renders: { burst: number; perSecond: number };
  /** Misses a client may have stored at once, then per second. */
  stores: { burst: number; perSecond: number };
}

/**
 * A browsing visitor misses a few pages at a time at most (a page, then its `.data` prefetches),
 * and most of what they read is stored already; past the burst they wait a second a page at
 * most. One render a second per client keeps a client's renders to well under 1 % of the
 * process's time (a page renders in about 5 ms), so pages the cache holds keep their speed for
 * everyone else while one client sends misses as fast as it can (`npm run bench:flood`).
 */
export const DEFAULT_MISS_BUDGET: MissBudget = {
  renders: { burst: 10, perSecond: 1 },
  stores: { burst: 30, perSecond: 1 },
};

/** Misses of one client that may wait at once: a browser opens six connections to a host. */
const WAITING_PER_CLIENT = 6;
/** The longest a miss waits for its turn; a later turn is refused with Retry-After instead. */
const LONGEST_WAIT_MS = 5_000;
/** Misses waiting at once across all clients: each holds a connection open. */
const WAITING_IN_ALL = 1_000;
/** Clients remembered at once; the longest unseen goes first (a full bucket is forgotten early). */
const MAX_CLIENTS = 10_000;

/** Rendered (and stored, or not) once `waitMs` has passed (0 within the budget), or refused. */
export type Admission =
  | { admitted: "store" | "render"; waitMs: number }
  | { admitted: false; retryAfterSeconds: number };

interface Buckets {
  /** Below 0 while misses wait: each waiting miss has taken the token it waits for. */
  renders: number;
  stores: number;
  at: number;
}

export interface MissAdmission {
  /** Whether and when the client's miss may be rendered, and stored; takes its tokens if so. */
  admit(client: string): Admission;
}

export function createMissAdmission(
  budget: MissBudget = DEFAULT_MISS_BUDGET,
  now: () => number = () => performance.now(),
): MissAdmission {
  const clients = new Map<string, Buckets>();
  // When each waiting miss's turn comes, across clients; the passed ones are dropped as they go.
  let turns: number[] = [];
  const refill = (tokens: number, elapsedMs: number, bucket: MissBudget["renders"]) =>
    Math.min(bucket.burst, tokens + (elapsedMs / 1000) * bucket.perSecond);

  return {
    admit(address) {
      const client = clientKey(address);
      const at = now();
      const known = clients.get(client);
      const buckets: Buckets = known
        ? {
            renders: refill(known.renders, at - known.at, budget.renders),
            stores: refill(known.stores, at - known.at, budget.stores),
            at,
          }
        : { renders: budget.renders.burst, stores: budget.stores.burst, at };
      // Most recently seen last, so the first in the map is the longest unseen.
      clients.delete(client);
      clients.set(client, buckets);
      if (clients.size > MAX_CLIENTS) {
        const oldest = clients.keys().next().value;
        if (oldest !== undefined) clients.delete(oldest);
      }
      let waitMs = 0;
      if (buckets.renders < 1) {
        waitMs = ((1 - buckets.renders) / budget.renders.perSecond) * 1000;
        // The client's own bounds first: a flooding client is refused by them, without a look at
        // everyone's turns.
        const waiting = Math.ceil(-buckets.renders);
        const canWait = waitMs <= LONGEST_WAIT_MS && waiting < WAITING_PER_CLIENT;
        if (canWait) turns = turns.filter((turn) => turn > at);
        if (!canWait || turns.length >= WAITING_IN_ALL) {
          // Back once the budget has room for this miss without a wait.
          const seconds = Math.ceil(waitMs / 1000);
          return { admitted: false, retryAfterSeconds: Number.isFinite(seconds) ? seconds : 60 };
        }
        turns.push(at + waitMs);
      }
      buckets.renders -= 1;
      if (buckets.stores < 1) return { admitted: "render", waitMs };
      buckets.stores -= 1;
      return { admitted: "store", waitMs };
    },
  };
}

/** An IPv4 address as it is; an IPv6 address by its /64 (an IPv4-mapped one as its IPv4). */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = "", tail] = address.toLowerCase().split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array(8 - front.length - back.length).fill("0"), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
