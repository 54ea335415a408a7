import { data } from "react-router";
import { loadHomePage } from "../lib/content/pages.server";
import { SliceZone } from "../slices/slice-zone";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const page = await loadHomePage(context.services.content, context.services.cache);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export function headers() {
  return { "Cache-Control": "public, max-age=60, s-maxage=300, stale-while-revalidate=86400" };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const root = matches[0]?.data as
    | { shell?: { siteName: string; metaDescription: string } }
    | undefined;
  const title = data?.page.metaTitle || root?.shell?.siteName || "Home";
  const description = data?.page.metaDescription || root?.shell?.metaDescription || "";
  return [{ title }, { name: "description", content: description }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
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
