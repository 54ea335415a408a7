// Small, valid one-page PDFs for the demo catalogue's manuals and data sheets, generated at start
// so the repository holds no binaries. Text uses the standard Helvetica font in WinAnsiEncoding.

const WIN_ANSI: Record<string, number> = {
  "\u2013": 0x96, // en dash
  "\u2014": 0x97, // em dash
  "\u2018": 0x91,
  "\u2019": 0x92,
  "\u201c": 0x93,
  "\u201d": 0x94,
  "\u2022": 0x95,
  "\u2212": 0x2d, // minus sign → hyphen
};

/** One character per byte, ready for Buffer.from(…, "latin1"). */
function toWinAnsi(text: string): string {
  let out = "";
  for (const char of text) {
    const code = WIN_ANSI[char] ?? char.codePointAt(0) ?? 0x3f;
    out += String.fromCharCode(code <= 0xff ? code : 0x3f);
  }
  return out;
}

function pdfString(text: string): string {
  return `(${toWinAnsi(text).replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/)) {
    if (current && current.length + word.length + 1 > width) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

export function renderFilePdf(title: string, lines: readonly string[]): Uint8Array {
  const body = lines.flatMap((line) => [...wrap(line, 88), ""]);
  const content = [
    "BT /F1 18 Tf 56 780 Td",
    `${pdfString(title)} Tj`,
    "ET",
    "BT /F1 11 Tf 56 744 Td 15 TL",
    ...body.map((line) => `${pdfString(line)} Tj T*`),
    "ET",
    "BT /F1 8 Tf 56 40 Td",
    `${pdfString("Coral Bay Pool & Spa demo document. Not for installation or safety decisions.")} Tj`,
    "ET",
  ].join("\n");

  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(title)} /Producer (Lagoon storefront emulator) >>`,
  ];

  let pdf = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, "latin1"));
}
