import { isIPv6 } from "node:net";

// Misses are admitted per client (issue 28): a page the cache does not hold costs a render, and
// storing it may push another page out. Each client (an IP address; an IPv6 network's /64, which
// one subscriber holds whole) has two token buckets: renders and stores. A miss within both is
// rendered and stored; one over the store budget is rendered and not stored, so one client cannot
// evict the catalogue; one over the render budget is refused (429 with Retry-After), so one client
// cannot keep the processor from everyone else's pages. Pages the cache holds are served to every
// client, over budget or not. The buckets live in the process: they guard load, not security (a
// client spread over processes gets a budget in each), and cost no store round trip per miss.

export interface MissBudget {
  /** Misses a client may have rendered at once, then per second. */
  renders: { burst: number; perSecond: number };
  /** Misses a client may have stored at once, then per second. */
  stores: { burst: number; perSecond: number };
}

/**
 * A browsing visitor misses a few pages a second at most (a page, then its `.data` prefetches);
 * most of what they read is stored already. A crawler that keeps to the catalogue stays within.
 */
export const DEFAULT_MISS_BUDGET: MissBudget = {
  renders: { burst: 60, perSecond: 6 },
  stores: { burst: 30, perSecond: 1 },
};

/** Clients remembered at once; the longest unseen goes first (a full bucket is forgotten early). */
const MAX_CLIENTS = 10_000;

export type Admission =
  | { admitted: "store" | "render" }
  | { admitted: false; retryAfterSeconds: number };

interface Buckets {
  renders: number;
  stores: number;
  at: number;
}

export interface MissAdmission {
  /** Whether the client's miss may be rendered, and stored; takes its tokens if so. */
  admit(client: string): Admission;
}

export function createMissAdmission(
  budget: MissBudget = DEFAULT_MISS_BUDGET,
  now: () => number = () => performance.now(),
): MissAdmission {
  const clients = new Map<string, Buckets>();
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
      if (buckets.renders < 1) {
        const waitSeconds = (1 - buckets.renders) / budget.renders.perSecond;
        return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(waitSeconds)) };
      }
      buckets.renders -= 1;
      if (buckets.stores < 1) return { admitted: "render" };
      buckets.stores -= 1;
      return { admitted: "store" };
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
