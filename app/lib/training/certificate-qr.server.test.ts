import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { qrCode } from "./certificate-qr.server";

/** The dark modules the path paints, one rectangle `M x y h w v1 h -w z` at a time. */
function painted(path: string, size: number): boolean[] {
  const grid = Array<boolean>(size * size).fill(false);
  for (const [, x, y, width] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dx = 0; dx < Number(width); dx += 1) grid[Number(y) * size + Number(x) + dx] = true;
  }
  return grid;
}

describe("qrCode", () => {
  it("paints exactly the dark modules of qrcode's matrix", () => {
    const url = "http://localhost:3000/certificate/verify/LGN-AB12-CD34";
    const { size, path } = qrCode(url);
    const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
    expect(size).toBe(modules.size);
    expect(painted(path, size)).toEqual([...modules.data].map(Boolean));
  });
});
