import { type AppLoadContext, data, redirect } from "react-router";
import { type CustomerAccount, customerAccount } from "./account.server";
import { ensureFreshSession, sharedRefresh } from "./auth.server";
import { type CustomerSession, commitSession, destroySession, readSession } from "./session.server";

/** SPEC.md §6: the route guards. What commercial and vip admit is ARCHITECTURE.md's decision. */
export const GUARD_NAMES = ["auth", "commercial", "vip"] as const;
export type GuardName = (typeof GUARD_NAMES)[number];

export interface SignedInCustomer {
  session: CustomerSession;
  account: CustomerAccount;
  /** Set-Cookie headers to send when the session was refreshed on the way. */
  setCookies: string[];
}

function loginRedirect(request: Request, setCookies: string[] = []) {
  const url = new URL(request.url);
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return redirect(`/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`, { headers });
}

/**
 * The signed-in customer, with an access token that works: an expired one is refreshed on the
 * way. Anonymous visitors (and sessions the provider ended) are sent to /login and back after.
 */
export async function requireCustomer(
  request: Request,
  context: AppLoadContext,
): Promise<SignedInCustomer> {
  const { config, cache } = context.services;
  const session = await readSession(request, config);
  if (!session) throw loginRedirect(request);
  const outcome = await ensureFreshSession(
    config,
    session,
    {},
    sharedRefresh(config, cache, session),
  );
  if (outcome.status === "rejected") throw loginRedirect(request, await destroySession(config));
  if (outcome.status === "unavailable") throw data(null, { status: 503 });
  return {
    session: outcome.session,
    account: customerAccount(context.services, outcome.session),
    setCookies: outcome.refreshed ? await commitSession(outcome.session, config) : [],
  };
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
