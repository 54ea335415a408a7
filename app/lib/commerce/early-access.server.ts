import { data, type RouterContextProvider } from "react-router";
import { CustomerActionError } from "../customer/account.server";
import { readVipAccess } from "../customer/vip-access.server";
import { servicesContext } from "../request-context.server";

/**
 * product §6: an early-access product's page is for VIP customers only until the shop releases
 * it; anyone else finds no such page (404), so it tells nobody what is coming. Answers the
 * Set-Cookie headers the VIP's session needs.
 */
export async function requireVipShopper(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<string[]> {
  const services = context.get(servicesContext);
  try {
    const { vip, setCookies } = await readVipAccess(request, services);
    if (vip) return setCookies;
  } catch (error) {
    if (!(error instanceof CustomerActionError)) throw error;
    services.logger.warn({ err: error }, "VIP access could not be checked");
    throw data(null, { status: 503 });
  }
  throw data(null, { status: 404 });
}
