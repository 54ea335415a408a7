import { data } from "react-router";
import { type GuardedHandle, requireGuards } from "../lib/customer/guards.server";
import type { Route } from "./+types/account.commercial-orders.$id";

export const handle = { guards: ["auth"] } satisfies GuardedHandle;

/**
 * A commercial (purchase) order of the signed-in customer. Purchase orders are Lagoon's own
 * records and arrive with the purchase-order flow; until then none exists, so every id is 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireGuards(handle, request, context);
  throw data(null, { status: 404 });
}

export default function CommercialOrder() {
  return null;
}
