import { afterAll, describe, expect, it } from "vitest";
import type { ContentFault } from "../../../emulators/content";
import { startContentShop } from "../../../tests/support/content-shop";
import { loadCustomerCertificates } from "./certificates.server";

const shops: { close(): Promise<void> }[] = [];

afterAll(() => Promise.all(shops.map((shop) => shop.close())));

/** The demo content behind the content emulator, and what the account loader reaches. */
async function shopWithContent(faults?: ContentFault[]) {
  const shop = await startContentShop({ faults, timeoutMs: 2000 });
  shops.push(shop);
  return { request: new Request(`${shop.origin}/account`), services: shop.services };
}

// Midday in Queensland on 20 May 2026.
const NOW = new Date("2026-05-20T02:00:00Z");

describe("the customer's certificates", () => {
  it("take instructor, type, next session and page from the demo course pages", async () => {
    const shop = await shopWithContent();
    const certificates = await loadCustomerCertificates(
      shop.request,
      shop.services,
      {
        coursesPassed: "Pool Safety and Compliance Workshop|2026-03-14",
        coursesAttempted: "Commercial Pool Plant Room Training",
      },
      NOW,
    );
    expect(certificates).toHaveLength(2);
    for (const certificate of certificates) {
      expect(certificate.course_url).toBe(`/training-centre/${certificate.id}`);
      expect(certificate.type).toBe("local");
      expect(certificate.instructor).toBeTruthy();
      expect(certificate.next_session_date ?? "").toMatch(/^2027-/);
    }
    expect(certificates[1]?.started_date).toBe("2026-05-20");
  });

  it("still show, without course details, when the content service fails", async () => {
    const shop = await shopWithContent([{ status: 500 }]);
    const certificates = await loadCustomerCertificates(
      shop.request,
      shop.services,
      { allCoursesCompleted: ["Pool Operations Certificate|2025-08-15"] },
      NOW,
    );
    expect(certificates).toEqual([
      expect.objectContaining({
        id: "pool-operations-certificate",
        status: "completed",
        completion_date: "2025-08-15",
        course_url: null,
        instructor: null,
      }),
    ]);
  });
});
