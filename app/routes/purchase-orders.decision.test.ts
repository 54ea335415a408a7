import { describe, expect, it } from "vitest";
import { lagoonForFile } from "../../tests/support/lagoon-server";
import { orderInput, STAFF } from "../../tests/support/purchase-order-fixtures";
import { createDecisionToken, type Decision } from "../lib/commercial/decision-link.server";
import {
  findAnyPurchaseOrder,
  submitPurchaseOrder,
} from "../lib/commercial/purchase-orders.server";
import { listMail } from "../lib/mail/outbox.server";

// Decision 005: staff decide a purchase order with the signed link in their email. A decision
// made answers 200; 409 is for a link whose order someone had already decided.

const shop = lagoonForFile();

/** A new submitted order and its staff link for `decision`, as the staff email carries it. */
async function orderWithLink(decision: Decision) {
  const { config, database } = shop.stores;
  const { order } = await submitPurchaseOrder(database.db, orderInput(), {
    ...STAFF,
    publicUrl: shop.origin,
    secret: config.sessionSecret,
  });
  const token = createDecisionToken(
    { order: order.id, decision, staff: "ops@lagoon.example" },
    config.sessionSecret,
  );
  return {
    id: order.id,
    number: order.number,
    link: `${shop.origin}/purchase-orders/decision?token=${token}`,
  };
}

/** The page's text as a reader sees it (React separates text parts with empty comments). */
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

/** The page's button, pressed without JavaScript: a form post of the page itself. */
const press = (link: string, form: Record<string, string> = {}) =>
  fetch(link, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body: new URLSearchParams(form).toString(),
  });

describe("a staff decision link", () => {
  it("shows the order in front of staff: customer, lines, totals, shipping, notes, history", async () => {
    const { number, link } = await orderWithLink("approve");
    const page = await fetch(link, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    const text = await textOf(page);
    for (const fact of [
      number,
      "Marcus Reid, Reid Aquatic Services Pty Ltd",
      "Zodiac TornaX Commercial Robotic Cleaner",
      "ZOD-TX-COM",
      "$9,998.00",
      "Local Pickup",
      "Coral Bay Southport",
      "Notes",
      "Submitted on",
      "by marcus@reid-aquatic.example.com",
      "Note to the customer (optional)",
    ]) {
      expect(text).toContain(fact);
    }
  });

  it("answers 200 when its approve decides the order, keeping the note and the link's staff address", async () => {
    const { id, number, link } = await orderWithLink("approve");
    const decided = await press(link, { note: "  Delivery on Tuesday " });
    expect(decided.status).toBe(200);
    expect(await textOf(decided)).toContain(`${number} is now approved.`);
    const order = await findAnyPurchaseOrder(shop.stores.database.db, id);
    expect(order?.history.at(-1)).toMatchObject({
      status: "approved",
      actor: "ops@lagoon.example",
      note: "Delivery on Tuesday",
    });
    // The embedded Admin API made the draft order, and the customer's email names it.
    expect(order?.draftOrderName).toMatch(/^#D\d+$/);
    const [mail] = await listMail(shop.stores.database.db, { limit: 1 });
    expect(mail?.subject).toBe(`Purchase order ${number} approved`);
    expect(mail?.text).toContain(`draft order ${order?.draftOrderName}`);
    // Signed with the shop's name and address from its content settings.
    expect(mail?.text).toMatch(
      /Coral Bay Pool & Spa\n12 Lagoon Court\nBurleigh Heads QLD 4220\nAustralia$/,
    );
  });

  it("refuses a rejection without a reason with 400, keeps what was typed, and leaves the order waiting", async () => {
    const { id, link } = await orderWithLink("reject");
    const refused = await press(link, { note: "   " });
    expect(refused.status).toBe(400);
    expect(await textOf(refused)).toContain(
      "Enter the reason for rejecting this order: the customer reads it.",
    );
    const tooLong = await press(link, { note: "x".repeat(1001) });
    expect(tooLong.status).toBe(400);
    const tooLongPage = await textOf(tooLong);
    expect(tooLongPage).toContain("Keep it to 1,000 characters.");
    expect(tooLongPage).toContain(`>${"x".repeat(1001)}</textarea>`);
    expect((await findAnyPurchaseOrder(shop.stores.database.db, id))?.status).toBe("submitted");

    const decided = await press(link, { note: "Out of stock until March" });
    expect(decided.status).toBe(200);
    const text = await textOf(decided);
    expect(text).toContain("is now rejected.");
    expect(text).toContain("Reason: Out of stock until March");
  });

  it("is refused when signed with the secret the source used to publish (issue 28)", async () => {
    const { config, database } = shop.stores;
    const { order } = await submitPurchaseOrder(database.db, orderInput(), {
      ...STAFF,
      publicUrl: shop.origin,
      secret: config.sessionSecret,
    });
    const forged = createDecisionToken(
      { order: order.id, decision: "approve", staff: STAFF.staffEmails[0] ?? "" },
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
