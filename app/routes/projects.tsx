import { Link } from "react-router";
import { PageHeader } from "../components/content/page-parts";
import { PreviewBanner } from "../components/content/preview-banner";
import { contentPageMeta } from "../lib/content/content-page";
import { loadContentPage } from "../lib/content/content-page.server";
import { loadProjects, loadSectionHome } from "../lib/content/pages.server";
import { readJsonText } from "../lib/json-text";
import type { PageQueryHandle } from "../lib/page-cache";
import { ContentImg } from "../slices/parts";
import { SliceZone } from "../slices/slice-zone";
import type { Route } from "./+types/projects";

// This page reads no query parameter; the page cache ignores them all (decision 008).
export const handle = { pageQuery: [] } satisfies PageQueryHandle;

export const loader = (args: Route.LoaderArgs) =>
  loadContentPage(args, {
    load: (content) => ({
      home: loadSectionHome(content, "project_home"),
      projects: loadProjects(content),
    }),
    seo: ({ home }) => ({ page: home }),
  });

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = contentPageMeta;

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData;
  const { home, projects } = readJsonText(loaderData.content);
  return (
    <>
      <PreviewBanner preview={preview} />
      <PageHeader title={home.title} introHtml={home.introHtml} />
      <ul className="container-page grid gap-8 py-6 md:grid-cols-2">
        {projects.map((project) => (
          <li key={project.uid}>
            <article className="h-full overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
              {project.coverImage ? (
                <ContentImg
                  image={{ ...project.coverImage, alt: "" }}
                  sizes="(min-width: 768px) 50vw, 100vw"
                  className="aspect-[16/9] w-full object-cover"
                />
              ) : null}
              <div className="p-6">
                <p className="text-sm text-slate-600">
                  {project.category} · {project.location}
                </p>
                <h2 className="mt-1 text-xl font-semibold text-lagoon-900">
                  <Link to={project.path} className="hover:underline">
                    {project.title}
                  </Link>
                </h2>
                {project.summary ? <p className="mt-2 text-slate-700">{project.summary}</p> : null}
              </div>
            </article>
          </li>
        ))}
      </ul>
      <SliceZone slices={home.slices} />
    </>
  );
}
