import { type Course, loadCourses } from "../content/courses.server";
import { type ContentReader, contentReader } from "../content/reader.server";
import type { AppContext } from "../context.server";
import {
  type Certificate,
  type CourseMetafields,
  type CoursePageInfo,
  certificatesFrom,
  shopDay,
} from "./certificates";

/** A course page as certificates see it: the next session is the first one not yet past. */
export function coursePageInfo(course: Course, today: string): CoursePageInfo {
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
  return courses.map((course) => coursePageInfo(course, today));
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
