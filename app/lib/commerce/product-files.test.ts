import { describe, expect, it } from "vitest";
import { fileDetails, fileTitle, fileTypeName, formatFileSize, toFileLink } from "./product-files";

const file = (overrides: Partial<Parameters<typeof fileDetails>[0]> = {}) => ({
  id: "gid://shopify/GenericFile/1",
  url: "https://cdn.example/files/owners-manual.pdf?v=3",
  alt: "Owner's manual",
  originalFileSize: 48 * 1024,
  mimeType: "application/pdf",
  ...overrides,
});

describe("file links", () => {
  it("read like “Owner's manual (PDF, 48 KB)”", () => {
    expect(`${fileTitle(file())} ${fileDetails(file())}`).toBe("Owner's manual (PDF, 48 KB)");
  });

  it("fall back to the file name when there is no alt text", () => {
    expect(fileTitle(file({ alt: null }))).toBe("Owners manual");
    expect(fileTitle(file({ alt: "  ", url: "https://cdn.example/files/sds_bayrol-ph.pdf" }))).toBe(
      "Sds bayrol ph",
    );
  });

  it("take the type from the MIME type, else from the extension", () => {
    expect(fileTypeName(file({ mimeType: "application/pdf; charset=binary" }))).toBe("PDF");
    expect(fileTypeName(file({ mimeType: null, url: "https://cdn.example/guide.docx" }))).toBe(
      "DOCX",
    );
    expect(
      fileTypeName(file({ mimeType: "application/x-unknown", url: "https://cdn.example/x" })),
    ).toBeNull();
  });

  it("are labelled once, on the server, for the page", () => {
    expect(toFileLink(file())).toEqual({
      id: "gid://shopify/GenericFile/1",
      url: "https://cdn.example/files/owners-manual.pdf?v=3",
      title: "Owner's manual",
      details: "(PDF, 48 KB)",
    });
  });

  it("leave out what is unknown", () => {
    expect(fileDetails(file({ originalFileSize: null }))).toBe("(PDF)");
    expect(
      fileDetails(file({ originalFileSize: null, mimeType: null, url: "https://cdn.example/x" })),
    ).toBeNull();
  });
});

describe("file sizes", () => {
  it("are shown in bytes, KB or MB", () => {
    expect(formatFileSize(980)).toBe("980 bytes");
    expect(formatFileSize(1)).toBe("1 byte");
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(1800)).toBe("2 KB");
    expect(formatFileSize(2.4 * 1024 * 1024)).toBe("2.4 MB");
    expect(formatFileSize(25 * 1024 * 1024)).toBe("25 MB");
    expect(formatFileSize(null)).toBeNull();
    expect(formatFileSize(-1)).toBeNull();
  });
});
