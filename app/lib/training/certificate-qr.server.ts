import QRCode from "qrcode";

/** A QR code as one SVG path over a `size`×`size` grid of modules: the page and the PDF draw it. */
export interface QrCode {
  size: number;
  path: string;
}

export function qrCode(text: string): QrCode {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const { size, data } = modules;
  let path = "";
  for (let y = 0; y < size; y += 1) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x += 1;
        continue;
      }
      // One rectangle per run of dark modules keeps the path short.
      const start = x;
      while (x < size && data[y * size + x]) x += 1;
      path += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  }
  return { size, path };
}
