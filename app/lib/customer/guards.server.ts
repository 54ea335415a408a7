import { type AppLoadContext, data } from "react-router";
import { type CustomerAccount, customerAccount } from "./account.server";
import { requireFreshSession } from "./fresh-session.server";
import type { CustomerSession } from "./session.server";

/** product §6: the route guards. What commercial and vip admit is ARCHITECTURE.md's decision. */
export const GUARD_NAMES = ["auth", "commercial", "vip"] as const;
export type GuardName = (typeof GUARD_NAMES)[number];

export interface SignedInCustomer {
  session: CustomerSession;
  account: CustomerAccount;
  /** Set-Cookie headers to send when the session was refreshed on the way. */
  setCookies: string[];
}

/**
 * The signed-in customer, with an access token that works: an expired one is refreshed on the
 * way. Anonymous visitors (and sessions the provider ended) are sent to /login and back after.
 */
export async function requireCustomer(
  request: Request,
  context: AppLoadContext,
): Promise<SignedInCustomer> {
  const { session, setCookies } = await requireFreshSession(request, context.services);
  return { session, account: customerAccount(context.services, session), setCookies };
}

/** What a route declares: `export const handle = { guards: ["auth"] } satisfies GuardedHandle`. */
export interface GuardedHandle {
  guards: readonly GuardName[];
}

export function assertKnownGuards(names: readonly string[]): asserts names is readonly GuardName[] {
  for (const name of names) {
    if (!(GUARD_NAMES as readonly string[]).includes(name))
      throw new Error(`Unknown route guard: ${name}`);
  }
}

/**
 * Runs a route's declared guards, in order; resolves to the customer (every guard needs one).
 * An unknown name is an error, never a pass; a test checks every route's declaration too.
 */
export async function requireGuards(
  handle: { guards: readonly string[] },
  request: Request,
  context: AppLoadContext,
): Promise<SignedInCustomer> {
  assertKnownGuards(handle.guards);
  const customer = await requireCustomer(request, context);
  const guards = handle.guards;
  if (guards.includes("commercial") || guards.includes("vip")) {
    const profile = await customer.account.profile();
    if (guards.includes("commercial") && !profile.commercial) throw data(null, { status: 403 });
    if (guards.includes("vip") && !profile.vip) throw data(null, { status: 403 });
  }
  return customer;
}
