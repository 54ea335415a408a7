import { filter } from "@prismicio/client";
import { text } from "../content/fields";
import { resolveDocumentPath } from "../content/link-resolver";
import { type ContentReader, contentReader } from "../content/reader.server";
import type { AppContext } from "../context.server";
import {
  type Certificate,
  type CourseMetafields,
  type CoursePageInfo,
  certificatesFrom,
  shopDay,
} from "./certificates";

/** The parts of a course page a certificate reads (contract: `Course` of pages.server.ts). */
interface CourseSource {
  courseName: string;
  instructor: string;
  kind: "online" | "local";
  path: string;
  sessions: { date: string }[];
}

// Stand-in for pages.server.ts's `loadCourses` until wt-courses lands it.
function loadCourses(reader: ContentReader): Promise<CourseSource[]> {
  return reader.load("course:list", async (client) => {
    const documents = await client.dangerouslyGetAll({
      filters: [filter.any("document.type", ["online_course_page", "local_course_page"])],
    });
    return documents.flatMap((document) =>
      document.type === "online_course_page" || document.type === "local_course_page"
        ? [
            {
              courseName: text(document.data.course_name),
              instructor: text(document.data.instructor),
              kind:
                document.type === "online_course_page" ? ("online" as const) : ("local" as const),
              path: resolveDocumentPath(document),
              sessions:
                document.type === "local_course_page"
                  ? document.data.sessions.flatMap((entry) =>
                      entry.date ? [{ date: entry.date }] : [],
                    )
                  : [],
            },
          ]
        : [],
    );
  });
}

/** A course page as certificates see it: the next session is the first one not yet past. */
export function coursePageInfo(course: CourseSource, today: string): CoursePageInfo {
  const upcoming = course.sessions.map((session) => session.date).filter((date) => date >= today);
  return {
    courseName: course.courseName,
    path: course.path,
    kind: course.kind,
    instructor: course.instructor,
    nextSessionDate: upcoming.sort()[0] ?? null,
  };
}

/** Every course page, for matching a customer's course records (product §3 Certificate). */
export async function loadCoursePages(
  reader: ContentReader,
  today: string,
): Promise<CoursePageInfo[]> {
  const courses = await loadCourses(reader);
  return courses
    .filter((course) => course.courseName)
    .map((course) => coursePageInfo(course, today));
}

/**
 * The signed-in customer's certificates. Without the content service they still show, only
 * without their course's instructor, sessions and page: the account must not fail with it.
 */
export async function loadCustomerCertificates(
  request: Request,
  services: Pick<AppContext, "content" | "cache" | "config" | "logger">,
  courses: CourseMetafields,
  now = new Date(),
): Promise<Certificate[]> {
  const today = shopDay(now);
  const pages = await loadCoursePages(contentReader(request, services), today).catch(
    (error: unknown) => {
      services.logger.warn({ err: error }, "certificates: course pages unavailable");
      return [];
    },
  );
  return certificatesFrom(courses, pages, today);
}
