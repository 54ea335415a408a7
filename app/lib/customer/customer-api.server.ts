import { data, redirect } from "react-router";
import { z } from "zod";
import { findPurchaseOrder, listPurchaseOrders } from "../commercial/purchase-orders.server";
import type { AppContext } from "../context.server";
import { errorResponse, readBody } from "../request-body.server";
import { CUSTOMER_ERRORS, CustomerActionError, customerAccount } from "./account.server";
import { endSession, requireApiSession } from "./fresh-session.server";
import { withCookies } from "./session.server";

const COMMERCIAL_ORDERS_ERROR = "Failed to fetch commercial orders";

/** A database failure answers with the spec's message, never a bare 500. */
async function orFail<T>(message: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new CustomerActionError(message, 503, undefined, error);
  }
}

/** product §9: commercial orders page by 10. */
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
 * product §7's /api/customer/* endpoints. The customer is always the session's (its record on
 * the server): ids in the body (shopifyCustomerId, accessToken) are never trusted
 * (ARCHITECTURE.md, rule 1).
 */
export async function handleCustomerApiAction(
  request: Request,
  endpoint: string | undefined,
  services: AppContext,
) {
  if (request.method !== "POST") return errorResponse("Method not allowed", 405);
  const body = await readBody(request);
  const { session, headers } = await requireApiSession(request, services);
  if (!body) {
    // Answered after the session check, so it carries a session refreshed on the way.
    const error = { error: "Expected a JSON or form body", status: 400 };
    return data(error, { status: 400, headers });
  }
  const account = customerAccount(services, session);

  try {
    switch (endpoint) {
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
        if (!paging.success) return errorResponse(COMMERCIAL_ORDERS_ERROR, 400);
        const profile = await account.profile();
        if (!profile.commercial) return errorResponse(COMMERCIAL_ORDERS_ERROR, 403);
        // A plain form post (no JavaScript) gets the account page showing that many pages.
        if (request.headers.get("Accept")?.includes("text/html")) {
          return redirect(`/account?commercialPages=${paging.data.page}#commercial-orders`, {
            headers,
          });
        }
        const page = await orFail(COMMERCIAL_ORDERS_ERROR, () =>
          listPurchaseOrders(services.database.db, profile.id, paging.data),
        );
        return data(page, { headers });
      }
      case "fetch-commercial-order": {
        if (typeof body.orderId !== "string" || body.orderId === "") {
          return errorResponse(CUSTOMER_ERRORS.orders, 400, { field: "orderId" });
        }
        // The customer is the session's: another customer's order is simply not found.
        const profile = await account.profile();
        const orderId = body.orderId;
        const order = profile.commercial
          ? await orFail(CUSTOMER_ERRORS.orders, () =>
              findPurchaseOrder(services.database.db, profile.id, orderId),
            )
          : null;
        if (!order) return errorResponse(CUSTOMER_ERRORS.orders, 404);
        return data({ order }, { headers });
      }
      default:
        return errorResponse("Not found", 404);
    }
  } catch (error) {
    if (error instanceof CustomerActionError) {
      if (error.cause) services.logger.warn({ err: error.cause }, error.message);
      // The platform no longer accepts the session's token: the session ends here too.
      const headers = withCookies(error.status === 401 ? await endSession(services, session) : [], {
        "Cache-Control": "no-store",
      });
      const body = {
        error: error.message,
        status: error.status,
        ...(error.field ? { field: error.field } : {}),
      };
      return data(body, { status: error.status, headers });
    }
    throw error;
  }
}
