import { data, redirect } from "react-router";
import { z } from "zod";
import {
  CUSTOMER_ERRORS,
  CustomerActionError,
  customerAccount,
} from "../lib/customer/account.server";
import { ensureFreshSession, sharedRefresh } from "../lib/customer/auth.server";
import {
  commitSession,
  destroySession,
  readSession,
  withCookies,
} from "../lib/customer/session.server";
import { errorResponse, readBody } from "../lib/request-body.server";
import type { Route } from "./+types/api.customer";

/** SPEC.md §9: commercial orders page by 10. */
const COMMERCIAL_ORDERS_LIMIT = 10;

const CommercialOrdersSchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(COMMERCIAL_ORDERS_LIMIT)
    .default(COMMERCIAL_ORDERS_LIMIT),
  page: z.coerce.number().int().min(1).default(1),
});

/**
 * SPEC.md §7's /api/customer/* endpoints. The customer is always the one of the session cookie:
 * ids in the body (shopifyCustomerId, accessToken) are never trusted (ARCHITECTURE.md, rule 1).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { config, cache } = context.services;
  if (request.method !== "POST") return errorResponse("Method not allowed", 405);
  const session = await readSession(request, config);
  if (!session) return errorResponse(CUSTOMER_ERRORS.noToken, 401);
  const body = await readBody(request);
  if (!body) return errorResponse("Expected a JSON or form body", 400);

  const outcome = await ensureFreshSession(
    config,
    session,
    {},
    sharedRefresh(config, cache, session),
  );
  if (outcome.status === "rejected") {
    return data(
      { error: CUSTOMER_ERRORS.invalidToken, status: 401 },
      { status: 401, headers: withCookies(await destroySession(config)) },
    );
  }
  if (outcome.status === "unavailable")
    return errorResponse("Sign-in is unavailable, please try again", 503);
  const headers = withCookies(
    outcome.refreshed ? await commitSession(outcome.session, config) : [],
    {
      "Cache-Control": "no-store",
    },
  );
  const account = customerAccount(context.services, outcome.session);

  try {
    switch (params.action) {
      case "add-address": {
        const input =
          typeof body.addressData === "object" && body.addressData ? body.addressData : body;
        const address = await account.addAddress(input);
        return data({ address }, { headers });
      }
      case "delete-address":
        await account.deleteAddress(body.addressId);
        return data({ deleted: true }, { headers });
      case "update-default-address":
        await account.setDefaultAddress(body.addressId);
        return data({ updated: true }, { headers });
      case "update-name":
        await account.updateName({ firstName: body.firstName, lastName: body.lastName });
        return data({ updated: true }, { headers });
      case "fetch-more-orders": {
        if (typeof body.after !== "string" || body.after === "") {
          return errorResponse(CUSTOMER_ERRORS.fetch, 400, { field: "after" });
        }
        // A plain form post (no JavaScript) gets the account page at that page of orders.
        if (request.headers.get("Accept")?.includes("text/html")) {
          return redirect(`/account?ordersAfter=${encodeURIComponent(body.after)}#orders`, {
            headers,
          });
        }
        return data(await account.ordersAfter(body.after), { headers });
      }
      case "fetch-commercial-orders": {
        const paging = CommercialOrdersSchema.safeParse(body);
        if (!paging.success) return errorResponse("Failed to fetch commercial orders", 400);
        const profile = await account.profile();
        if (!profile.commercial) return errorResponse("Failed to fetch commercial orders", 403);
        // Purchase orders are Lagoon's own records; none exist until the purchase-order flow lands.
        return data({ orders: [], count: 0, hasMore: false }, { headers });
      }
      case "fetch-commercial-order": {
        if (typeof body.orderId !== "string" || body.orderId === "") {
          return errorResponse(CUSTOMER_ERRORS.orders, 400, { field: "orderId" });
        }
        return errorResponse(CUSTOMER_ERRORS.orders, 404);
      }
      default:
        return errorResponse("Not found", 404);
    }
  } catch (error) {
    if (error instanceof CustomerActionError) {
      return errorResponse(error.message, error.status, error.field ? { field: error.field } : {});
    }
    throw error;
  }
}

export function loader() {
  return errorResponse("Method not allowed", 405);
}
