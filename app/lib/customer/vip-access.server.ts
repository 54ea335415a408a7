import { CUSTOMER_ERRORS, CustomerActionError, customerAccount } from "./account.server";
import type { CustomerAccountClient } from "./customer-account.server";
import { readFreshSession, type SessionServices } from "./fresh-session.server";

/**
 * Whether the request comes from a VIP customer (product §6: `custom.vip_access` is true), with
 * the Set-Cookie headers the session needs. A visitor who is not signed in, or whose session
 * ended, is not a VIP. When it cannot be known now (the identity provider or the Customer Account
 * API is down) this throws a CustomerActionError, for the caller's "try again" answer: a VIP is
 * never turned away as if they were not one.
 */
export async function readVipAccess(
  request: Request,
  services: SessionServices & { customerAccount: CustomerAccountClient },
): Promise<{ vip: boolean; setCookies: string[] }> {
  const fresh = await readFreshSession(request, services);
  if (fresh.status === "unavailable") throw new CustomerActionError(CUSTOMER_ERRORS.fetch, 503);
  if (fresh.status !== "signed-in") {
    return { vip: false, setCookies: fresh.status === "rejected" ? fresh.setCookies : [] };
  }
  const profile = await customerAccount(services, fresh.session)
    .profile()
    .catch((error: unknown) => {
      // A token the platform refuses: as good as signed out.
      if (error instanceof CustomerActionError && error.status === 401) return null;
      throw error;
    });
  return { vip: profile?.vip === true, setCookies: fresh.setCookies };
}
