import { PageHeader, StructuredData } from "../components/content/page-parts";
import { PreviewBanner } from "../components/content/preview-banner";
import { deferred } from "../components/deferred";
import { contentPageMeta } from "../lib/content/content-page";
import { loadContentPage } from "../lib/content/content-page.server";
import { loadCourse } from "../lib/content/courses.server";
import { readJsonText } from "../lib/json-text";
import type { PageQueryHandle } from "../lib/page-cache";
import { loadCourseBooking } from "../lib/training/course-booking.server";
import { ContentImg, RichHtml } from "../slices/parts";
import { SliceZone } from "../slices/slice-zone";
import type { Route } from "./+types/course";

// The query parameters this page reads; the page cache ignores any other (decision 008).
export const handle = { pageQuery: ["variant"] } satisfies PageQueryHandle;

// The booking box (session picker, participants, add to cart) hydrates after the page
// (docs/decisions/001-javascript-budget.md); until then it works as without JavaScript.
const CourseBookingPanel = deferred(() =>
  import("../components/content/course-booking").then((module) => module.CourseBookingPanel),
);

/** `/training-centre/{uid}`: an online or a local course page, booked through its product. */
export const loader = (args: Route.LoaderArgs) => {
  const variant = new URL(args.request.url).searchParams.get("variant");
  return loadContentPage(args, {
    load: (content) => ({ course: loadCourse(content, args.params.uid) }),
    perRequest: ({ course }) => ({
      booking: course.then((found) => found && loadCourseBooking(args.context, found, variant)),
    }),
    trail: [{ name: "Training Centre", path: "/training-centre" }],
    seo: ({ course }) => ({ page: course, image: course.coverImage }),
  });
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = contentPageMeta;

export default function Course({ loaderData }: Route.ComponentProps) {
  const { booking, preview } = loaderData;
  const { course, crumbs, seo } = readJsonText(loaderData.content);
  const facts = [
    ["Format", course.kind === "online" ? "Online, at your own pace" : "In person"],
    ["Duration", course.duration],
    ["Instructor", course.instructor],
    ["Venue", course.venue],
    // Until it can be booked, the page's own price is all there is.
    ["Price", booking.open ? "" : course.price],
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
          <CourseBookingPanel booking={booking} />
        </aside>
      </div>
      <SliceZone slices={course.slices} />
    </>
  );
}
