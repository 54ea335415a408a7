import { useNonce } from "../../components/nonce";
import type { SliceView } from "../../lib/content/slices";
import { jsonLdText } from "../../lib/head";
import type { Breadcrumb as Crumb, PageHead } from "../../lib/seo";
import { RichHtml } from "../../slices/parts";
import { SliceZone, startsWithHero } from "../../slices/slice-zone";
import { Breadcrumbs } from "../ui/breadcrumbs";

export function PageHeader({
  title,
  introHtml,
  crumbs,
  children,
}: {
  title: string;
  introHtml?: string;
  crumbs?: Crumb[];
  children?: React.ReactNode;
}) {
  return (
    <header className="container-page pt-10 pb-4">
      {crumbs ? <Breadcrumbs crumbs={crumbs} /> : null}
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance text-lagoon-900">
        {title}
      </h1>
      {children}
      {introHtml ? (
        <RichHtml
          html={introHtml}
          className="prose-content mt-4 max-w-3xl text-lg text-slate-700"
        />
      ) : null}
    </header>
  );
}

/**
 * A title and slices: the first hero carries the h1 when the page opens with one, else a plain
 * header does.
 */
export function SlicePage({
  title,
  introHtml,
  slices,
}: {
  title: string;
  introHtml?: string;
  slices: SliceView[];
}) {
  const hero = startsWithHero(slices);
  return (
    <>
      {hero ? null : <PageHeader title={title} introHtml={introHtml} />}
      <SliceZone slices={slices} title={hero ? title : undefined} />
      {hero && introHtml ? (
        <RichHtml html={introHtml} className="prose-content container-page text-slate-700" />
      ) : null}
    </>
  );
}

/**
 * The page's JSON-LD. Rendered here rather than through `meta` so each block carries the CSP
 * nonce like every other script on the page.
 */
export function StructuredData({ seo }: { seo: Pick<PageHead, "jsonLd"> }) {
  const nonce = useNonce();
  return seo.jsonLd.map((json) => (
    <script
      key={String(json["@type"])}
      type="application/ld+json"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, not markup.
      dangerouslySetInnerHTML={{ __html: jsonLdText(json) }}
    />
  ));
}
