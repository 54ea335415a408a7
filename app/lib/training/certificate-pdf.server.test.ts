import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { certificatePdf } from "./certificate-pdf.server";
import { qrCode } from "./certificate-qr.server";

const verifyUrl = "http://localhost:3000/certificate/verify/LGN-AB12-CD34";

describe("certificatePdf", () => {
  it("prints the certificate on one landscape A4 page, its text readable", async () => {
    const bytes = await certificatePdf({
      code: "LGN-AB12-CD34",
      courseId: "pool-operations-certificate",
      courseName: "Pool Operations Certificate",
      printedName: "Liam O'Connor",
      completionDate: "2025-08-15",
      completionLabel: "15 August 2025",
      issuer: "Coral Bay Pool & Spa",
      verifyUrl,
      qr: qrCode(verifyUrl),
    });
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    expect(pdf.numPages).toBe(1);
    const [, , width, height] = (await pdf.getPage(1)).view;
    expect([Math.round(width ?? 0), Math.round(height ?? 0)]).toEqual([842, 595]);

    const { text } = await extractText(pdf, { mergePages: true });
    for (const expected of [
      "Certificate of Completion",
      "Liam O'Connor",
      "Pool Operations Certificate",
      "Completed on 15 August 2025",
      "Coral Bay Pool & Spa",
      "LGN-AB12-CD34",
      verifyUrl,
    ]) {
      expect(text).toContain(expected);
    }
  });
});
