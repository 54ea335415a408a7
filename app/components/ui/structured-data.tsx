import { type JsonLd, jsonLdText } from "../../lib/seo";
import { useNonce } from "../nonce";

/**
 * A page's JSON-LD. Rendered here rather than through `meta` so each block carries the CSP
 * nonce like every other script on the page.
 */
export function StructuredData({ jsonLd }: { jsonLd: JsonLd[] }) {
  const nonce = useNonce();
  return jsonLd.map((json) => (
    <script
      key={String(json["@type"])}
      type="application/ld+json"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, not markup.
      dangerouslySetInnerHTML={{ __html: jsonLdText(json) }}
    />
  ));
}
