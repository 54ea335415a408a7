import type { Content } from "@prismicio/client";
import { byUid, type ContentPage, formatDate, reshapePage } from "./content-document.server";
import { type ContentImage, reshapeImage, richTextToHtml, text } from "./fields";
import type { ContentReader } from "./reader.server";

// --- courses --------------------------------------------------------------------------------

export interface Course extends ContentPage {
  kind: "online" | "local";
  /** The name customer records and certificates use, e.g. "Pool Operations Certificate". */
  courseName: string;
  instructor: string;
  summaryHtml: string;
  coverImage: ContentImage | null;
  duration: string;
  price: string;
  /** The catalogue product that books the course; its variants are the sessions. */
  productHandle: string | null;
  modules: { title: string; description: string }[];
  venue: string;
  sessions: { date: string; dateLabel: string; time: string; location: string }[];
}

function reshapeCourse(
  document: Content.OnlineCoursePageDocument | Content.LocalCoursePageDocument,
): Course {
  const { data } = document;
  const page = reshapePage(document);
  return {
    ...page,
    kind: document.type === "online_course_page" ? "online" : "local",
    courseName: text(data.course_name).trim() || page.title,
    instructor: text(data.instructor).trim(),
    summaryHtml: richTextToHtml(data.summary),
    coverImage: reshapeImage(data.cover_image),
    duration: text(data.duration),
    price: text(data.price),
    productHandle: text(data.product_handle).trim() || null,
    modules:
      document.type === "online_course_page"
        ? document.data.modules
            .map((entry) => ({ title: text(entry.title), description: text(entry.description) }))
            .filter((entry) => entry.title)
        : [],
    venue: document.type === "local_course_page" ? text(document.data.venue) : "",
    sessions:
      document.type === "local_course_page"
        ? document.data.sessions.flatMap((entry) =>
            entry.date
              ? [
                  {
                    date: entry.date,
                    dateLabel: formatDate(entry.date),
                    time: text(entry.time),
                    location: text(entry.location),
                  },
                ]
              : [],
          )
        : [],
  };
}

/** Online and local courses share /training-centre/{uid} (product §2). */
export function loadCourse(reader: ContentReader, uid: string): Promise<Course | null> {
  return reader.load(`course:${uid}`, async (client) => {
    const [online, local] = await Promise.all([
      byUid(client, "online_course_page", uid),
      byUid(client, "local_course_page", uid),
    ]);
    const document = online ?? local;
    return document ? reshapeCourse(document) : null;
  });
}

/** Every course page, online and local, by title. */
export function loadCourses(reader: ContentReader): Promise<Course[]> {
  return reader.load("courses", async (client) => {
    const [online, local] = await Promise.all([
      client.getAllByType("online_course_page"),
      client.getAllByType("local_course_page"),
    ]);
    return [...online, ...local].map(reshapeCourse).sort((a, b) => a.title.localeCompare(b.title));
  });
}
