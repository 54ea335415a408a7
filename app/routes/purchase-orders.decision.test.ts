import { describe, expect, it } from "vitest";
import { lagoonForFile } from "../../tests/support/lagoon-server";
import { orderInput } from "../../tests/support/purchase-order-fixtures";
import { createDecisionToken, type Decision } from "../lib/commercial/decision-link.server";
import { submitPurchaseOrder } from "../lib/commercial/purchase-orders.server";

// Decision 005: staff decide a purchase order with the signed link in their email. A decision
// made answers 200; 409 is for a link whose order someone had already decided.

const shop = lagoonForFile();

/** A new submitted order and its staff link for `decision`, as the staff email carries it. */
async function orderWithLink(decision: Decision) {
  const { config, database } = shop.stores;
  const { order } = await submitPurchaseOrder(database.db, orderInput(), {
    staffEmail: config.staffEmail,
    publicUrl: shop.origin,
    secret: config.sessionSecret,
  });
  const token = createDecisionToken(
    { order: order.id, decision, staff: config.staffEmail },
    config.sessionSecret,
  );
  return { number: order.number, link: `${shop.origin}/purchase-orders/decision?token=${token}` };
}

/** The page's text as a reader sees it (React separates text parts with empty comments). */
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

/** The page's button, pressed without JavaScript: a form post of the page itself. */
const press = (link: string) =>
  fetch(link, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body: "",
  });

describe("a staff decision link", () => {
  it.each([
    ["approve", "approved"],
    ["reject", "rejected"],
  ] as const)("answers 200 when its %s decides the order", async (decision, status) => {
    const { number, link } = await orderWithLink(decision);
    const decided = await press(link);
    expect(decided.status).toBe(200);
    expect(await textOf(decided)).toContain(`${number} is now ${status}.`);
  });

  it("is refused when signed with the secret the source used to publish (issue 28)", async () => {
    const { config, database } = shop.stores;
    const { order } = await submitPurchaseOrder(database.db, orderInput(), {
      staffEmail: config.staffEmail,
      publicUrl: shop.origin,
      secret: config.sessionSecret,
    });
    const forged = createDecisionToken(
      { order: order.id, decision: "approve", staff: config.staffEmail },
      "lagoon-embedded-development-secret",
    );
    const answer = await press(`${shop.origin}/purchase-orders/decision?token=${forged}`);
    expect(answer.status).toBe(400);
    expect(await textOf(answer)).toContain("This link is not valid");
  });

  it("answers 409 when the order was already decided", async () => {
    const { number, link } = await orderWithLink("approve");
    expect((await press(link)).status).toBe(200);

    const again = await press(link);
    expect(again.status).toBe(409);
    const page = await textOf(again);
    expect(page).toContain("This purchase order was already decided");
    expect(page).not.toContain(`${number} is now`);
  });
});
