import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type CoursePageInfo,
  certificateId,
  certificatePath,
  certificatePdfPath,
  certificatesFrom,
  parseCourseDate,
  parseCourseRecords,
  shopDay,
} from "./certificates";

const TODAY = "2026-05-20";

const names = (value: unknown) => parseCourseRecords(value, TODAY).map((record) => record.name);

const PAGES: CoursePageInfo[] = [
  {
    courseName: "Pool Operations Certificate",
    path: "/training-centre/pool-operations-certificate",
    kind: "online",
    instructor: "Dr. Sarah Mitchell",
    nextSessionDate: null,
  },
  {
    courseName: "Commercial Pool Plant Room Training",
    path: "/training-centre/commercial-pool-plant-room-training",
    kind: "local",
    instructor: "Tom Walsh",
    nextSessionDate: "2026-06-10",
  },
];

describe("course metafield values (product §5)", () => {
  it("reads an actual list", () => {
    expect(names(["Spa Maintenance Basics", "Water Chemistry Fundamentals"])).toEqual([
      "Spa Maintenance Basics",
      "Water Chemistry Fundamentals",
    ]);
  });

  it("reads a JSON array in a string", () => {
    expect(names('["Spa Maintenance Basics","Water Chemistry Fundamentals"]')).toEqual([
      "Spa Maintenance Basics",
      "Water Chemistry Fundamentals",
    ]);
  });

  it("reads a comma-separated string and a single string", () => {
    expect(names("Spa Maintenance Basics, Water Chemistry Fundamentals")).toEqual([
      "Spa Maintenance Basics",
      "Water Chemistry Fundamentals",
    ]);
    expect(names("Spa Maintenance Basics")).toEqual(["Spa Maintenance Basics"]);
  });

  it("reads 'name|date' and dates an entry without a date today", () => {
    expect(parseCourseRecords("Spa Maintenance Basics|2025-08-15, Water", TODAY)).toEqual([
      { name: "Spa Maintenance Basics", date: "2025-08-15", dated: true },
      { name: "Water", date: TODAY, dated: false },
    ]);
    expect(parseCourseRecords(["Spa|"], TODAY)).toEqual([
      { name: "Spa", date: TODAY, dated: false },
    ]);
  });

  it("counts a date that does not parse as missing, never throwing", () => {
    for (const date of ["15/08/2025", "2025-02-30", "2025-13-01", "soon", "2025-8-1", "|x"]) {
      expect(parseCourseRecords(`Spa|${date}`, TODAY)).toEqual([
        { name: "Spa", date: TODAY, dated: false },
      ]);
    }
    expect(parseCourseDate("2024-02-29")).toBe("2024-02-29");
    expect(parseCourseDate(" 2025-08-15T09:30:00Z ")).toBe("2025-08-15");
  });

  it("trims, squeezes whitespace and drops empty entries", () => {
    expect(names("  Spa   Maintenance Basics ,, ,  ")).toEqual(["Spa Maintenance Basics"]);
    expect(names(["", "   ", " Spa "])).toEqual(["Spa"]);
    expect(names('["", " "]')).toEqual([]);
    expect(names("")).toEqual([]);
    expect(names("  ")).toEqual([]);
    expect(names("|2025-01-01")).toEqual([]);
    expect(names("--- , !!!")).toEqual([]);
  });

  it("keeps only the complete entries of cut-off JSON", () => {
    expect(names('["Spa Maintenance Basics",')).toEqual(["Spa Maintenance Basics"]);
    expect(names('["Spa Maintenance Basics","Water Chem')).toEqual(["Spa Maintenance Basics"]);
    expect(names('["a",')).toEqual(["a"]);
    expect(names("[")).toEqual([]);
    expect(names("[Spa Maintenance Basics]")).toEqual([]);
  });

  it("ignores JSON that is not a list of strings", () => {
    expect(names('{"name":"Spa"}')).toEqual(['{"name":"Spa"}']);
    expect(names("[1, null, true]")).toEqual([]);
    expect(names('[["Spa"], "Water"]')).toEqual(["Water"]);
  });

  it("reads nothing from null, undefined, numbers, booleans or objects", () => {
    for (const value of [null, undefined, 42, true, { name: "Spa" }, [1, null, { x: 1 }]]) {
      expect(parseCourseRecords(value, TODAY)).toEqual([]);
    }
  });
});

describe("certificate ids", () => {
  it("are URL-safe slugs of the course name", () => {
    expect(certificateId("Pool Operations Certificate")).toBe("pool-operations-certificate");
    expect(certificateId("Pump and Filter Servicing Hands-on")).toBe(
      "pump-and-filter-servicing-hands-on",
    );
    expect(certificateId("  Café  Basics & more! ")).toBe("cafe-basics-more");
  });
});

describe("certificate states (product §4)", () => {
  it("completes a course in all_courses_completed or courses_passed", () => {
    const certificates = certificatesFrom(
      { allCoursesCompleted: "Pool Operations Certificate|2025-08-15", coursesPassed: ["Spa"] },
      PAGES,
      TODAY,
    );
    expect(certificates.map((c) => [c.id, c.status, c.completion_date])).toEqual([
      ["spa", "completed", TODAY],
      ["pool-operations-certificate", "completed", "2025-08-15"],
    ]);
  });

  it("fills a completed certificate from its course page", () => {
    const [certificate] = certificatesFrom(
      { allCoursesCompleted: "pool operations certificate |2025-08-15" },
      PAGES,
      TODAY,
    );
    expect(certificate).toEqual({
      id: "pool-operations-certificate",
      name: "Pool Operations Certificate",
      course_name: "Pool Operations Certificate",
      type: "online",
      status: "completed",
      issued_date: "2025-08-15",
      completion_date: "2025-08-15",
      downloadable: true,
      started_date: null,
      instructor: "Dr. Sarah Mitchell",
      next_session_date: null,
      course_url: "/training-centre/pool-operations-certificate",
    });
  });

  it("has a course in courses_attempted or available_online_courses in progress", () => {
    const certificates = certificatesFrom(
      {
        coursesAttempted: "Commercial Pool Plant Room Training|2026-04-22",
        availableOnlineCourses: "Unlisted Course",
      },
      PAGES,
      TODAY,
    );
    expect(certificates).toEqual([
      {
        id: "unlisted-course",
        name: "Unlisted Course",
        course_name: "Unlisted Course",
        type: null,
        status: "in_progress",
        issued_date: null,
        completion_date: null,
        downloadable: false,
        started_date: TODAY,
        instructor: null,
        next_session_date: null,
        course_url: null,
      },
      {
        id: "commercial-pool-plant-room-training",
        name: "Commercial Pool Plant Room Training",
        course_name: "Commercial Pool Plant Room Training",
        type: "local",
        status: "in_progress",
        issued_date: null,
        completion_date: null,
        downloadable: false,
        started_date: "2026-04-22",
        instructor: "Tom Walsh",
        next_session_date: "2026-06-10",
        course_url: "/training-centre/commercial-pool-plant-room-training",
      },
    ]);
  });

  it("lets completion win over being in progress", () => {
    const certificates = certificatesFrom(
      { coursesPassed: "Spa|2025-01-02", coursesAttempted: "Spa", availableOnlineCourses: ["spa"] },
      [],
      TODAY,
    );
    expect(certificates.map((c) => [c.id, c.status, c.started_date])).toEqual([
      ["spa", "completed", null],
    ]);
  });

  it("counts a course once across and within lists, keeping the earliest stated date", () => {
    const certificates = certificatesFrom(
      {
        allCoursesCompleted: ["Spa", "Spa|2025-06-01", "SPA |2025-03-01"],
        coursesPassed: '["spa|2025-09-09", "Spa"]',
        coursesAttempted: "Water, water|2026-01-05, Water|2026-02-01",
      },
      [],
      TODAY,
    );
    expect(certificates.map((c) => [c.name, c.completion_date ?? c.started_date])).toEqual([
      ["Spa", "2025-03-01"],
      ["Water", "2026-01-05"],
    ]);
  });

  it("has no certificates without course metafields", () => {
    expect(certificatesFrom({}, PAGES, TODAY)).toEqual([]);
    expect(
      certificatesFrom(
        { allCoursesCompleted: "", coursesPassed: null, coursesAttempted: 3 },
        PAGES,
        TODAY,
      ),
    ).toEqual([]);
  });

  it("reads Liam O'Connor's demo record: four completed, two in progress", () => {
    const liam = JSON.parse(
      readFileSync(
        new URL("../../../demo/customers/liam-oconnor-trainee.json", import.meta.url),
        "utf8",
      ),
    ) as { metafields: { key: string; value: string }[] };
    const field = (key: string) => liam.metafields.find((entry) => entry.key === key)?.value;
    const certificates = certificatesFrom(
      {
        allCoursesCompleted: field("all_courses_completed"),
        coursesPassed: field("courses_passed"),
        coursesAttempted: field("courses_attempted"),
        availableOnlineCourses: field("available_online_courses"),
      },
      PAGES,
      TODAY,
    );
    expect(
      certificates.map((c) => [c.course_name, c.status, c.completion_date, c.started_date]),
    ).toEqual([
      ["Pump and Filter Servicing Hands-on", "completed", TODAY, null],
      ["Pool Safety and Compliance Workshop", "completed", "2026-03-14", null],
      ["Water Chemistry Fundamentals", "completed", "2025-10-02", null],
      ["Pool Operations Certificate", "completed", "2025-08-15", null],
      ["Spa Maintenance Basics", "in_progress", null, "2026-09-01"],
      ["Commercial Pool Plant Room Training", "in_progress", null, TODAY],
    ]);
  });
});

describe("course dates and certificate paths", () => {
  it("reads a date, or a timestamp's date, and nothing around it", () => {
    expect(parseCourseDate("2025-08-15T09:30:00+10:00")).toBe("2025-08-15");
    expect(parseCourseDate("2025-08-15T09:30:00.000-0530")).toBe("2025-08-15");
    expect(parseCourseDate("2025-08-15T09:30")).toBe("2025-08-15");
    for (const value of [
      "x2025-08-15",
      "2025-08-15x",
      "12025-08-15",
      "2025-008-15",
      "2025-08-155",
      "2025-08-15T",
      "2025-08-15 09:30",
      "2025-08-15T09:30:00+10",
      "2025/08/15",
    ]) {
      expect(parseCourseDate(value), value).toBeNull();
    }
  });

  it("counts the shop's day in Brisbane", () => {
    expect(shopDay(new Date("2026-05-01T13:59:59Z"))).toBe("2026-05-01");
    expect(shopDay(new Date("2026-05-01T14:00:00Z"))).toBe("2026-05-02");
  });

  it("links a certificate and its PDF with the name and date asked for", () => {
    const query = { name: "Liam O'Connor", date: "2026-05-01" };
    expect(certificatePath("pool-operations", query)).toBe(
      "/certificate/pool-operations?name=Liam+O%27Connor&date=2026-05-01",
    );
    expect(certificatePdfPath("a b", query)).toBe(
      "/certificate/a%20b/pdf?name=Liam+O%27Connor&date=2026-05-01",
    );
  });

  it("drops dashes only at the ends of an id", () => {
    expect(certificateId("--Spa -- Basics--")).toBe("spa-basics");
  });
});
