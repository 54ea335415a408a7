// Certificates from a customer's course metafields (product §3 Certificate, §4 states, §5
// formats). Pure: no I/O, no React, no clock — the caller passes `today`.

/** One course metafield's value: a list, a JSON array string, a comma-separated or single string. */
export type CourseRecordValue = unknown;

/** The customer's four `custom.*` course metafields (product §3), as read from the account. */
export interface CourseMetafields {
  allCoursesCompleted?: CourseRecordValue;
  coursesPassed?: CourseRecordValue;
  coursesAttempted?: CourseRecordValue;
  availableOnlineCourses?: CourseRecordValue;
}

/** What a course's content page tells a certificate. */
export interface CoursePageInfo {
  courseName: string;
  path: string;
  kind: "online" | "local";
  instructor: string;
  nextSessionDate: string | null;
}

/** product §3's Certificate; `id` is also the `{course}` of `/certificate/{course}`. */
export interface Certificate {
  id: string;
  /** The certificate's title: the course's name (the holder's name is the page's `?name=`). */
  name: string;
  course_name: string;
  type: "online" | "local" | null;
  status: "completed" | "in_progress";
  issued_date: string | null;
  completion_date: string | null;
  downloadable: boolean;
  started_date: string | null;
  instructor: string | null;
  next_session_date: string | null;
  course_url: string | null;
}

/** The shop's calendar day (Queensland, UTC+10, no daylight saving) as `YYYY-MM-DD`. */
export function shopDay(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Brisbane" }).format(now);
}

/** One entry of a course metafield; `dated` is false when the date defaulted to today. */
export interface CourseRecord {
  name: string;
  date: string;
  dated: boolean;
}

/** A URL-safe slug of a course name: "Pump and Filter Servicing Hands-on" → "pump-and-filter-servicing-hands-on". */
export function certificateId(courseName: string): string {
  return courseName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** `YYYY-MM-DD` (a timestamp keeps its date part) when it names a real calendar day, else null. */
export function parseCourseDate(value: string): string | null {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const time = new Date(Date.UTC(year, month - 1, day));
  const real =
    time.getUTCFullYear() === year && time.getUTCMonth() === month - 1 && time.getUTCDate() === day;
  return real ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

function entriesOf(value: CourseRecordValue): string[] {
  if (Array.isArray(value)) return value.filter((entry) => typeof entry === "string");
  if (typeof value !== "string") return [];
  const trimmed = value.trim();
  if (!trimmed.startsWith("[")) return trimmed.split(",");
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return Array.isArray(parsed) ? entriesOf(parsed) : [];
  } catch {
    // Cut-off JSON keeps only its complete quoted entries: a half-written name must never
    // become a certificate.
    return [...trimmed.matchAll(/"((?:[^"\\]|\\.)*)"/g)].flatMap(([quoted]) => {
      try {
        return [JSON.parse(quoted) as string];
      } catch {
        return [];
      }
    });
  }
}

/**
 * Every entry of one metafield value, in order (product §5): 'name' or 'name|date'; a missing or
 * unreadable date is `today`. Empty names and non-text values are dropped; never throws.
 */
export function parseCourseRecords(value: CourseRecordValue, today: string): CourseRecord[] {
  return entriesOf(value).flatMap((entry) => {
    const bar = entry.indexOf("|");
    const name = (bar === -1 ? entry : entry.slice(0, bar)).replace(/\s+/g, " ").trim();
    if (!name || !certificateId(name)) return [];
    const date = bar === -1 ? null : parseCourseDate(entry.slice(bar + 1));
    return [{ name, date: date ?? today, dated: date !== null }];
  });
}

/**
 * One record per course (keyed by its id, so spelling and case variants count once). A date the
 * record states beats a defaulted "today"; between stated dates the earliest wins — the day the
 * course was first passed, or first started.
 */
function byCourse(values: CourseRecordValue[], today: string): Map<string, CourseRecord> {
  const courses = new Map<string, CourseRecord>();
  for (const record of values.flatMap((value) => parseCourseRecords(value, today))) {
    const id = certificateId(record.name);
    const known = courses.get(id);
    const better =
      !known ||
      (record.dated && !known.dated) ||
      (record.dated === known.dated && record.date < known.date);
    if (better) courses.set(id, known ? { ...record, name: known.name } : record);
  }
  return courses;
}

/**
 * The customer's certificates (product §4): completed when the course is in
 * `all_courses_completed` or `courses_passed`; in progress when it is in `courses_attempted` or
 * `available_online_courses` and not completed. Course details come from the course page of the
 * same name; a course without one keeps nulls. Completed first, newest first; then in progress.
 */
export function certificatesFrom(
  metafields: CourseMetafields,
  courses: CoursePageInfo[],
  today: string,
): Certificate[] {
  const pages = new Map(courses.map((page) => [certificateId(page.courseName), page]));
  const completed = byCourse([metafields.allCoursesCompleted, metafields.coursesPassed], today);
  const started = byCourse([metafields.coursesAttempted, metafields.availableOnlineCourses], today);

  const certificate = (
    id: string,
    record: CourseRecord,
    status: Certificate["status"],
  ): Certificate => {
    const page = pages.get(id);
    const courseName = page?.courseName.trim() || record.name;
    const done = status === "completed";
    return {
      id,
      name: courseName,
      course_name: courseName,
      type: page?.kind ?? null,
      status,
      issued_date: done ? record.date : null,
      completion_date: done ? record.date : null,
      downloadable: done,
      started_date: done ? null : record.date,
      instructor: page?.instructor.trim() || null,
      next_session_date: page?.nextSessionDate ?? null,
      course_url: page?.path ?? null,
    };
  };

  const newestFirst = (a: Certificate, b: Certificate, key: keyof Certificate) =>
    String(b[key]).localeCompare(String(a[key])) || a.course_name.localeCompare(b.course_name);

  return [
    ...[...completed]
      .map(([id, record]) => certificate(id, record, "completed"))
      .sort((a, b) => newestFirst(a, b, "completion_date")),
    ...[...started]
      .filter(([id]) => !completed.has(id))
      .map(([id, record]) => certificate(id, record, "in_progress"))
      .sort((a, b) => newestFirst(a, b, "started_date")),
  ];
}

/** Who the certificate is printed for, and the completion date it shows (product §2). */
export interface CertificateQuery {
  name: string;
  date: string;
}

/** product §2: `/certificate/{course}?name=&date=`. */
export function certificatePath(id: string, { name, date }: CertificateQuery): string {
  return `/certificate/${encodeURIComponent(id)}?${new URLSearchParams({ name, date })}`;
}

/** The same certificate as a PDF download (product §2). */
export function certificatePdfPath(id: string, { name, date }: CertificateQuery): string {
  return `/certificate/${encodeURIComponent(id)}/pdf?${new URLSearchParams({ name, date })}`;
}
