import { Link } from "react-router";
import { useNonce } from "../../components/nonce";
import { jsonLdText, type Seo } from "../../lib/content/seo";
import type { SliceView } from "../../lib/content/slices";
import { RichHtml } from "../../slices/parts";
import { SliceZone, startsWithHero } from "../../slices/slice-zone";

export interface Crumb {
  name: string;
  path: string;
}

/** The visible twin of the page's BreadcrumbList JSON-LD. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page">{crumb.name}</span>
              ) : (
                <>
                  <Link to={crumb.path} className="underline-offset-2 hover:underline">
                    {crumb.name}
                  </Link>
                  <span aria-hidden="true">/</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

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
export function StructuredData({ seo }: { seo: Pick<Seo, "jsonLd"> }) {
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
