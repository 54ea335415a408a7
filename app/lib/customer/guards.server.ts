import { data, type RouterContextProvider } from "react-router";
import { servicesContext, shopperContext } from "../request-context.server";
import { type CustomerAccount, CustomerActionError, customerAccount } from "./account.server";
import { endSession, loginRedirect, requireFreshSession } from "./fresh-session.server";
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
  context: Readonly<RouterContextProvider>,
): Promise<SignedInCustomer> {
  const services = context.get(servicesContext);
  const page = context.get(shopperContext).url;
  const { session, setCookies } = await requireFreshSession(request, services, {
    page,
  });
  const account = forPages(customerAccount(services, session), session, request, context);
  return { session, account, setCookies };
}

/**
 * The account as pages use it (product §4): a token the platform rejects (401) ends the session
 * and sends the customer to sign in again, coming back here; another refusal is its status page
 * (a bad cursor is a 400), never a 500. The API routes answer JSON errors instead.
 */
function forPages(
  account: CustomerAccount,
  session: CustomerSession,
  request: Request,
  context: Readonly<RouterContextProvider>,
): CustomerAccount {
  const guarded = {} as Record<string, unknown>;
  for (const [name, method] of Object.entries(account) as [
    string,
    (...args: never[]) => unknown,
  ][]) {
    guarded[name] = async (...args: never[]) => {
      try {
        return await method(...args);
      } catch (error) {
        // A page is read with GET or HEAD; an action handles its own refusals.
        const reading = request.method === "GET" || request.method === "HEAD";
        if (!(error instanceof CustomerActionError) || !reading) throw error;
        if (error.status === 401) {
          throw loginRedirect(
            context.get(shopperContext).url,
            await endSession(context.get(servicesContext), session),
          );
        }
        throw data(null, {
          status: error.status,
          headers: { "Cache-Control": "private, no-store" },
        });
      }
    };
  }
  return guarded as unknown as CustomerAccount;
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
  context: Readonly<RouterContextProvider>,
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
