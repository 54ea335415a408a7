import { PageHeader, StructuredData } from "../components/content/page-parts";
import { PreviewBanner } from "../components/content/preview-banner";
import { loadContentPage } from "../lib/content/content-page.server";
import { loadCourse } from "../lib/content/pages.server";
import { seoMeta } from "../lib/seo";
import { ButtonLink, ContentImg, RichHtml } from "../slices/parts";
import { SliceZone } from "../slices/slice-zone";
import type { Route } from "./+types/course";

/** `/training-centre/{uid}`: an online or a local course page (its content; booking is the shop's). */
export const loader = (args: Route.LoaderArgs) =>
  loadContentPage(args, {
    load: (content) => ({ course: loadCourse(content, args.params.uid) }),
    trail: [{ name: "Training Centre", path: "/training-centre" }],
    seo: ({ course }) => ({ page: course, image: course.coverImage }),
  });

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function Course({ loaderData }: Route.ComponentProps) {
  const { course, crumbs, preview, seo } = loaderData;
  const facts = [
    ["Format", course.kind === "online" ? "Online, at your own pace" : "In person"],
    ["Duration", course.duration],
    ["Price", course.price],
    ["Venue", course.venue],
  ].filter(([, value]) => value);
  return (
    <>
      <PreviewBanner preview={preview} />
      <StructuredData seo={seo} />
      <PageHeader title={course.title} crumbs={crumbs} />
      <div className="container-page grid gap-10 py-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {course.coverImage ? (
            <ContentImg
              image={course.coverImage}
              sizes="(min-width: 1024px) 66vw, 100vw"
              priority
              className="aspect-[16/9] w-full rounded-xl object-cover"
            />
          ) : null}
          <RichHtml
            html={course.summaryHtml}
            className="prose-content mt-6 text-lg text-slate-800"
          />
          {course.modules.length > 0 ? (
            <section aria-labelledby="course-modules" className="mt-8">
              <h2 id="course-modules" className="text-2xl font-semibold text-lagoon-900">
                What you will learn
              </h2>
              <ol className="mt-4 space-y-3">
                {course.modules.map((module, index) => (
                  <li key={module.title} className="rounded-lg bg-sand-50 p-4">
                    <h3 className="font-semibold text-lagoon-900">
                      {index + 1}. {module.title}
                    </h3>
                    {module.description ? (
                      <p className="mt-1 text-slate-700">{module.description}</p>
                    ) : null}
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </div>
        <aside aria-label="Course details" className="h-fit rounded-xl bg-lagoon-50 p-6">
          <dl className="space-y-3">
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt className="text-sm text-slate-600">{term}</dt>
                <dd className="font-semibold text-lagoon-900">{value}</dd>
              </div>
            ))}
          </dl>
          {course.sessions.length > 0 ? (
            <>
              <h2 className="mt-6 font-semibold text-lagoon-900">Upcoming sessions</h2>
              <ul className="mt-2 space-y-2">
                {course.sessions.map((session) => (
                  <li key={`${session.date}-${session.location}`} className="text-slate-700">
                    <time dateTime={session.date} className="font-medium">
                      {session.dateLabel}
                    </time>
                    {session.time ? <span>, {session.time}</span> : null}
                    {session.location ? (
                      <span className="block text-sm">{session.location}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {course.productHref ? (
            <div className="mt-6">
              <ButtonLink href={course.productHref}>Book this course</ButtonLink>
            </div>
          ) : null}
        </aside>
      </div>
      <SliceZone slices={course.slices} />
    </>
  );
}
