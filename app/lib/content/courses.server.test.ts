import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startContentShop } from "../../../tests/support/content-shop";
import { sessionDate } from "../training/course-booking";
import { type Course, loadCourses } from "./courses.server";
import { contentReader } from "./reader.server";

// The demo's course pages against the demo catalogue: certificates find a course by its
// course_name, and each page books the product it names, with the sessions that product sells.

const CATALOG_COURSES = fileURLToPath(
  new URL("../../../demo/catalog/products/09-courses.json", import.meta.url),
);
const products: { handle: string; options: { values: string[] }[] }[] = JSON.parse(
  readFileSync(CATALOG_COURSES, "utf8"),
);

let shop: Awaited<ReturnType<typeof startContentShop>>;
let courses: Course[];

beforeAll(async () => {
  shop = await startContentShop();
  courses = await loadCourses(contentReader(new Request(`${shop.origin}/`), shop.services));
});

afterAll(() => shop.close());

describe("the demo course pages", () => {
  it("are the six catalogue courses, online and local, with their names and instructors", () => {
    expect(courses.map(({ courseName, path, kind }) => ({ courseName, path, kind }))).toEqual(
      expect.arrayContaining([
        {
          courseName: "Pool Operations Certificate",
          path: "/training-centre/pool-operations-certificate",
          kind: "online",
        },
        {
          courseName: "Water Chemistry Fundamentals",
          path: "/training-centre/water-chemistry-fundamentals",
          kind: "online",
        },
        {
          courseName: "Spa Maintenance Basics",
          path: "/training-centre/spa-maintenance-basics",
          kind: "online",
        },
        {
          courseName: "Pool Safety and Compliance Workshop",
          path: "/training-centre/pool-safety-and-compliance-workshop",
          kind: "local",
        },
        {
          courseName: "Commercial Pool Plant Room Training",
          path: "/training-centre/commercial-pool-plant-room-training",
          kind: "local",
        },
        {
          courseName: "Pump and Filter Servicing Hands-on",
          path: "/training-centre/pump-and-filter-servicing-hands-on",
          kind: "local",
        },
      ]),
    );
    expect(courses).toHaveLength(6);
    for (const course of courses) expect(course.instructor).not.toBe("");
  });

  it("each name a catalogue product, one page per product", () => {
    const handles = courses.map((course) => course.productHandle);
    expect([...handles].sort()).toEqual(products.map((product) => product.handle).sort());
  });

  it("plan the sessions their product sells, on the same dates", () => {
    for (const course of courses.filter((entry) => entry.kind === "local")) {
      const product = products.find((entry) => entry.handle === course.productHandle);
      const sold = (product?.options[0]?.values ?? []).map(sessionDate);
      expect(
        course.sessions.map((session) => session.date),
        course.path,
      ).toEqual(sold);
    }
  });
});
