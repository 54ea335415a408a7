import { describe, expect, it } from "vitest";
import {
  hasSignedLink,
  readSignedLink,
  SIGNED_LINK_DAYS,
  signedLinkQuery,
} from "./certificate-link.server";

const SECRET = "test-secret";
const NOW = Date.parse("2026-05-01T00:00:00Z");
const certificate = { courseId: "pool-operations-certificate", code: "LGN-AB12-CD34" };
const DAY = 24 * 60 * 60 * 1000;

const link = (change: (params: URLSearchParams) => void = () => {}) => {
  const params = new URLSearchParams(signedLinkQuery(SECRET, certificate, NOW));
  change(params);
  return params;
};

describe("signed certificate links (product §5)", () => {
  it("open the certificate they name until they expire", () => {
    expect(readSignedLink(SECRET, certificate.courseId, link(), NOW)).toBe(certificate.code);
    const lastMoment = NOW + SIGNED_LINK_DAYS * DAY - 1000;
    expect(readSignedLink(SECRET, certificate.courseId, link(), lastMoment)).toBe(certificate.code);
    expect(
      readSignedLink(SECRET, certificate.courseId, link(), NOW + SIGNED_LINK_DAYS * DAY),
    ).toBeNull();
  });

  it("open nothing once any part is changed", () => {
    const tampered = [
      link((params) => params.set("code", "LGN-AB12-CD35")),
      link((params) => params.set("expires", String(Number(params.get("expires")) + 86_400))),
      link((params) => {
        const sig = params.get("sig") ?? "";
        params.set("sig", `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`);
      }),
      link((params) => params.set("sig", "")),
      link((params) => params.set("sig", (params.get("sig") ?? "").slice(0, -1))),
      link((params) => params.set("sig", `${params.get("sig") ?? ""}A`)),
      link((params) => params.delete("code")),
      link((params) => params.set("expires", "soon")),
    ];
    for (const params of tampered) {
      expect(
        readSignedLink(SECRET, certificate.courseId, params, NOW),
        params.toString(),
      ).toBeNull();
    }
  });

  it("open nothing for another course, or when signed with another secret", () => {
    expect(readSignedLink(SECRET, "water-chemistry-fundamentals", link(), NOW)).toBeNull();
    expect(readSignedLink("another-secret", certificate.courseId, link(), NOW)).toBeNull();
  });
});

describe("asking through a signed link", () => {
  it("is any request that carries a signature, valid or not", () => {
    expect(hasSignedLink(link())).toBe(true);
    expect(hasSignedLink(new URLSearchParams("sig="))).toBe(true);
    expect(hasSignedLink(new URLSearchParams("code=LGN-AB12-CD34&expires=1"))).toBe(false);
  });
});

describe("signed links over time", () => {
  it("keep opening after a new version of the shop: the signature is made the same way", () => {
    // A link shared by email outlives a deploy.
    expect(signedLinkQuery(SECRET, certificate, NOW)).toBe(
      "code=LGN-AB12-CD34&expires=1780185600&sig=I8G_vjC1WF-Ah85l34CW6XviREWGjKRRJ7MHg7YHQoA",
    );
  });
});
