import { describe, expect, it } from "vitest";
import {
  CERTIFICATE_CODE_PATTERN,
  certificateCode,
  normaliseCertificateCode,
} from "./certificate-code.server";

const SECRET = "test-secret";
const liam = {
  customerId: "gid://shopify/Customer/1004",
  courseId: "pool-operations-certificate",
  completionDate: "2025-08-15",
  printedName: "Liam O'Connor",
};

describe("certificate codes (product §5)", () => {
  it("are short, typeable and stable for the same certificate", () => {
    const code = certificateCode(SECRET, liam);
    expect(code).toMatch(CERTIFICATE_CODE_PATTERN);
    expect(code).toMatch(/^LGN-[^ILOU]{4}-[^ILOU]{4}$/);
    expect(certificateCode(SECRET, { ...liam })).toBe(code);
  });

  it("differ when the customer, course, date, printed name or secret differ", () => {
    const codes = new Set([
      certificateCode(SECRET, liam),
      certificateCode(SECRET, { ...liam, customerId: "gid://shopify/Customer/1001" }),
      certificateCode(SECRET, { ...liam, courseId: "water-chemistry-fundamentals" }),
      certificateCode(SECRET, { ...liam, completionDate: "2025-08-16" }),
      certificateCode(SECRET, { ...liam, printedName: "Liam OConnor" }),
      certificateCode("another-secret", liam),
    ]);
    expect(codes.size).toBe(6);
  });

  it("spread over the whole alphabet rather than a corner of it", () => {
    const characters = new Set(
      Array.from({ length: 200 }, (_, n) =>
        certificateCode(SECRET, { ...liam, printedName: `Participant ${n}` }).replace(
          /^LGN-|-/g,
          "",
        ),
      ).flatMap((body) => [...body]),
    );
    expect(characters.size).toBe(32);
  });

  it("read back as typed: any case, spaces, missing dashes, and look-alike letters", () => {
    expect(normaliseCertificateCode("LGN-AB12-CD34")).toBe("LGN-AB12-CD34");
    expect(normaliseCertificateCode(" lgn-ab12-cd34 ")).toBe("LGN-AB12-CD34");
    expect(normaliseCertificateCode("lgnab12cd34")).toBe("LGN-AB12-CD34");
    expect(normaliseCertificateCode("AB12 CD34")).toBe("LGN-AB12-CD34");
    expect(normaliseCertificateCode("LGN-ABO2-CDI4")).toBe("LGN-AB02-CD14");
    expect(normaliseCertificateCode("LGN-ABl2-CD34")).toBe("LGN-AB12-CD34");
  });

  it("reject what cannot be a code", () => {
    for (const typed of [
      "",
      "LGN-",
      "LGN-AB12-CD3",
      "LGN-AB12-CD345",
      "LGN-AB12-CDU4",
      "LGN-AB12-CD3!",
      "../../etc",
    ]) {
      expect(normaliseCertificateCode(typed), typed).toBeNull();
    }
  });
});

describe("certificate codes over time", () => {
  it("stay what was printed: the same identity gets the same code from every version", () => {
    // A code is printed on paper and kept in the registry; a change to how it is made would give
    // a holder's certificate a second code.
    expect(certificateCode(SECRET, liam)).toBe("LGN-ED19-X366");
  });

  it("are refused when typed with a character too few or too many, or one base32 leaves out", () => {
    for (const typed of ["LGN-AB12-CD3", "LGN-AB12-CD345", "LGN-AB1U-CD34", "LGN-AB12-CD3!"]) {
      expect(normaliseCertificateCode(typed), typed).toBeNull();
    }
    expect(CERTIFICATE_CODE_PATTERN.test("xLGN-AB12-CD34")).toBe(false);
    expect(CERTIFICATE_CODE_PATTERN.test("LGN-AB12-CD34x")).toBe(false);
  });
});
