import { escapeHtml } from "../shared/html";
import type { CollectionNode, ProductNode } from "./nodes";

// Product photos stand-ins, drawn at request time from the product's data: a silhouette for the
// product type, a colour per product, and a different framing per image, so every image is
// distinct and the repository holds no binaries.

const SILHOUETTES: Record<string, string> = {
  Pump: '<rect x="330" y="300" width="300" height="170" rx="30"/><circle cx="280" cy="385" r="110"/><rect x="185" y="245" width="130" height="70" rx="14"/><rect x="190" y="490" width="440" height="30" rx="8"/>',
  Filter:
    '<rect x="290" y="230" width="220" height="320" rx="110"/><rect x="335" y="170" width="130" height="80" rx="14"/><rect x="255" y="540" width="290" height="30" rx="8"/>',
  Chemical:
    '<rect x="280" y="260" width="240" height="300" rx="36"/><rect x="340" y="205" width="120" height="65" rx="10"/><rect x="305" y="340" width="190" height="120" rx="10" fill="#fff" opacity=".75"/>',
  "Test Kit":
    '<rect x="290" y="250" width="150" height="290" rx="24"/><rect x="480" y="220" width="44" height="330" rx="6"/><circle cx="502" cy="270" r="14" fill="#f6c"/><circle cx="502" cy="320" r="14" fill="#fc3"/><circle cx="502" cy="370" r="14" fill="#3c9"/>',
  Cleaner:
    '<rect x="230" y="320" width="340" height="170" rx="60"/><circle cx="290" cy="500" r="38"/><circle cx="510" cy="500" r="38"/><path d="M330 320 Q400 220 470 320" fill="none" stroke-width="22"/>',
  Heater:
    '<rect x="230" y="220" width="340" height="330" rx="24"/><circle cx="400" cy="385" r="110" fill="#fff" opacity=".35"/><path d="M300 385h200M400 285v200" stroke-width="14" opacity=".6"/>',
  "Spa Cover":
    '<rect x="210" y="240" width="380" height="290" rx="50"/><path d="M210 385h380" stroke="#fff" stroke-width="10" opacity=".7"/>',
  commercial:
    '<circle cx="330" cy="380" r="130"/><rect x="410" y="300" width="230" height="160" rx="20"/><rect x="170" y="520" width="480" height="36" rx="8"/><circle cx="330" cy="380" r="40" fill="#fff" opacity=".5"/>',
  "Online Course":
    '<rect x="250" y="230" width="300" height="200" rx="14"/><rect x="272" y="252" width="256" height="156" fill="#fff" opacity=".6"/><path d="M200 450h400l-40 50H240z"/>',
  "Local Course":
    '<rect x="220" y="200" width="360" height="200" rx="10"/><circle cx="300" cy="470" r="40"/><circle cx="400" cy="470" r="40"/><circle cx="500" cy="470" r="40"/>',
};

const TYPE_HUE: Record<string, number> = {
  Pump: 210,
  Filter: 180,
  Chemical: 95,
  "Test Kit": 280,
  Cleaner: 195,
  Heater: 20,
  "Spa Cover": 30,
  commercial: 225,
  "Online Course": 250,
  "Local Course": 140,
};

function titleLines(title: string): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of title.split(" ")) {
    if (current && current.length + word.length > 34) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  return lines.slice(0, 2);
}

function svg(options: {
  hue: number;
  shape: string;
  title: string;
  label: string;
  altText: string;
  variation: number;
}): string {
  const { hue, shape, title, label, altText, variation } = options;
  const rotate = [0, -8, 6, -4, 10][variation % 5];
  const scale = [1, 0.82, 1.1, 0.9, 0.75][variation % 5];
  const lightness = [94, 90, 97, 88, 92][variation % 5];
  const text = titleLines(title)
    .map(
      (line, index) =>
        `<text x="400" y="${650 + index * 40}" font-size="32" text-anchor="middle">${escapeHtml(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" role="img" aria-label="${escapeHtml(altText)}"><rect width="800" height="800" fill="hsl(${hue} 45% ${lightness}%)"/><g transform="translate(400 385) rotate(${rotate}) scale(${scale}) translate(-400 -385)" fill="hsl(${hue} 55% 42%)" stroke="hsl(${hue} 55% 30%)">${shape}</g><g font-family="Helvetica, Arial, sans-serif" fill="hsl(${hue} 40% 22%)">${text}<text x="760" y="60" font-size="24" text-anchor="end">${escapeHtml(label)}</text></g></svg>`;
}

export function renderProductImage(product: ProductNode, index: number): string | undefined {
  const image = product.images[index];
  if (!image) return undefined;
  const hue = (TYPE_HUE[product.productType] ?? 200) + ((product.numericId % 5) - 2) * 7;
  const view = image.altText?.split(" – ").at(-1) ?? "";
  return svg({
    hue,
    shape: SILHOUETTES[product.productType] ?? SILHOUETTES.Pump ?? "",
    title: product.title,
    label: `${view} · ${index + 1}/${product.images.length}`,
    altText: image.altText ?? product.title,
    variation: index,
  });
}

export function renderCollectionImage(collection: CollectionNode): string {
  const productType = collection.productList[0]?.productType ?? "Pump";
  return svg({
    hue: TYPE_HUE[productType] ?? 200,
    shape: SILHOUETTES[productType] ?? "",
    title: collection.title,
    label: `${collection.productList.length} products`,
    altText: collection.imageNode?.altText ?? collection.title,
    variation: 2,
  });
}
