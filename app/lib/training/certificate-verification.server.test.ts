import { describe, expect, it } from "vitest";
import { lagoonForFile } from "../../../tests/support/lagoon-server";
import { certificates } from "./certificate-schema";

// Issue 30: /certificate/verify/{code} gave the first issue date in UTC, so a certificate first
// issued on the morning of 28 November in Brisbane was "first issued on 27 November".

const shop = lagoonForFile();

/** The verification page's facts: term → value. */
async function verify(code: string) {
  const response = await fetch(`${shop.origin}/certificate/verify/${code}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return Object.fromEntries(
    [...html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((match) => [
      match[1],
      match[2],
    ]),
  );
}

describe("a certificate's verification", () => {
  it("gives the day it was first issued in the shop's time zone", async () => {
    await shop.stores.database.db.insert(certificates).values({
      code: "LGN-TEST-0001",
      customerId: "gid://shopify/Customer/1004",
      courseId: "pool-operations-certificate",
      courseName: "Pool Operations Certificate",
      printedName: "Liam O'Connor",
      completionDate: "2025-11-28",
      // 01:30 on 28 November in Brisbane (UTC+10).
      issuedAt: new Date("2025-11-27T15:30:00Z"),
    });
    const facts = await verify("LGN-TEST-0001");
    expect(facts["Completed on"]).toBe("28 November 2025");
    expect(facts["First issued on"]).toBe("28 November 2025");
  });
});
