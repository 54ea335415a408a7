import { data } from "react-router";
import { loadPageByUid } from "../lib/content/pages.server";
import { SliceZone } from "../slices/slice-zone";
import type { Route } from "./+types/page";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await loadPageByUid(
    context.services.content,
    context.services.cache,
    "standard_page",
    params.uid,
  );
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export function headers() {
  return { "Cache-Control": "public, max-age=60, s-maxage=300, stale-while-revalidate=86400" };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return [
    { title: data.page.metaTitle || data.page.title },
    { name: "description", content: data.page.metaDescription },
  ];
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const hasHero = page.slices[0]?.type === "hero";
  return (
    <>
      {hasHero ? null : (
        <h1 className="container-page pt-12 text-4xl font-bold text-lagoon-900">{page.title}</h1>
      )}
      <SliceZone slices={page.slices} title={hasHero ? page.title : undefined} />
    </>
  );
}
