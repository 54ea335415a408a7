import { PageHeader, StructuredData } from "../components/content/page-parts";
import { PreviewBanner } from "../components/content/preview-banner";
import { contentPageMeta } from "../lib/content/content-page";
import { loadContentPage } from "../lib/content/content-page.server";
import { loadProject } from "../lib/content/pages.server";
import { readJsonText } from "../lib/json-text";
import type { PageQueryHandle } from "../lib/page-cache";
import { ContentImg, RichHtml } from "../slices/parts";
import { SliceZone } from "../slices/slice-zone";
import type { Route } from "./+types/project";

// This page reads no query parameter; the page cache ignores them all (decision 008).
export const handle = { pageQuery: [] } satisfies PageQueryHandle;

export const loader = (args: Route.LoaderArgs) =>
  loadContentPage(args, {
    load: (content) => ({ project: loadProject(content, args.params.uid) }),
    trail: [{ name: "Projects", path: "/projects" }],
    seo: ({ project }) => ({
      page: project,
      description: project.summary,
      image: project.coverImage,
    }),
  });

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = contentPageMeta;

export default function Project({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData;
  const { project, crumbs, seo } = readJsonText(loaderData.content);
  return (
    <>
      <PreviewBanner preview={preview} />
      <StructuredData seo={seo} />
      <article>
        <PageHeader title={project.title} crumbs={crumbs}>
          <dl className="mt-3 flex flex-wrap gap-x-8 gap-y-1 text-slate-700">
            {[
              ["Type", project.category],
              ["Location", project.location],
              ["Completed", project.completedLabel],
            ].map(([term, value]) =>
              value ? (
                <div key={term} className="flex gap-2">
                  <dt className="text-slate-600">{term}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ) : null,
            )}
          </dl>
        </PageHeader>
        <div className="container-page">
          {project.coverImage ? (
            <ContentImg
              image={project.coverImage}
              sizes="(min-width: 1280px) 1216px, 100vw"
              priority
              className="aspect-[16/9] w-full rounded-xl object-cover"
            />
          ) : null}
          <RichHtml
            html={project.bodyHtml}
            className="prose-content mx-auto mt-8 max-w-3xl text-lg text-slate-800"
          />
        </div>
        <SliceZone slices={project.slices} />
      </article>
    </>
  );
}
