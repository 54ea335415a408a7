import PDFDocument from "pdfkit";
import type { PrintedCertificate } from "./certificate-printed";

// The certificate as a PDF (product §3: downloadable as well as printable): the same text as the
// printable page, on one landscape A4 page, with the verification URL as text, link and QR code.

const INK = "#173f4c";
const ACCENT = "#125f72";
const MUTED = "#475569";

export function certificatePdf(certificate: PrintedCertificate): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    info: {
      Title: `Certificate of Completion: ${certificate.courseName}`,
      Author: certificate.issuer,
      Subject: `${certificate.printedName}, ${certificate.courseName}`,
    },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const { width, height } = doc.page;
  doc
    .lineWidth(4)
    .strokeColor(ACCENT)
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(1)
    .rect(34, 34, width - 68, height - 68)
    .stroke();

  const line = (text: string, y: number, { font = "Helvetica", size = 14, color = INK } = {}) => {
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, 70, y, { width: width - 140, align: "center", lineBreak: false, ellipsis: true });
  };
  line(certificate.issuer, 72, { font: "Helvetica-Bold", size: 16, color: ACCENT });
  line("Certificate of Completion", 112, { font: "Helvetica-Bold", size: 36 });
  line("This certifies that", 190, { color: MUTED });
  line(certificate.printedName, 218, { font: "Helvetica-Bold", size: 30 });
  line("has successfully completed", 272, { color: MUTED });
  line(certificate.courseName, 298, { font: "Helvetica-Bold", size: 22 });
  line(`Completed on ${certificate.completionLabel}`, 344, { color: MUTED });

  const qrSide = 96;
  const qrX = width - 70 - qrSide;
  const qrY = height - 70 - qrSide;
  doc
    .save()
    .translate(qrX, qrY)
    .scale(qrSide / certificate.qr.size)
    .path(certificate.qr.path)
    .fill(INK)
    .restore();

  const left = 70;
  doc.font("Helvetica-Bold").fontSize(11).fillColor(INK);
  doc.text(`Certificate code: ${certificate.code}`, left, qrY + 20, { lineBreak: false });
  doc.font("Helvetica").fontSize(10).fillColor(MUTED);
  doc.text(`Issued by ${certificate.issuer}`, left, qrY + 40, { lineBreak: false });
  doc.text("Verify this certificate at:", left, qrY + 60, { lineBreak: false });
  doc
    .fillColor(ACCENT)
    .text(certificate.verifyUrl, left, qrY + 74, { link: certificate.verifyUrl, lineBreak: false });

  doc.end();
  return finished;
}
