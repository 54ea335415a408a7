import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentEmulator } from "../../../emulators/content";
import { type LoopbackServer, listenOnLoopback } from "../../../tests/support/loopback";
import { createLogger, createMemoryCache, readConfig } from "../../../tests/support/server-parts";
import { sessionDate } from "../training/course-booking";
import { createContentClient } from "./client.server";
import { type Course, loadCourses } from "./pages.server";
import { contentReader } from "./reader.server";

// The demo's course pages against the demo catalogue: certificates find a course by its
// course_name, and each page books the product it names, with the sessions that product sells.

const CONTENT_DIR = fileURLToPath(new URL("../../../content", import.meta.url));
const CATALOG_COURSES = fileURLToPath(
  new URL("../../../demo/catalog/products/09-courses.json", import.meta.url),
);
const products: { handle: string; options: { values: string[] }[] }[] = JSON.parse(
  readFileSync(CATALOG_COURSES, "utf8"),
);

let server: LoopbackServer;
let courses: Course[];

beforeAll(async () => {
  const app = express();
  server = await listenOnLoopback(app);
  app.use(
    "/_emulators/content",
    createContentEmulator({ contentDir: CONTENT_DIR, publicOrigin: server.origin }),
  );
  const services = {
    config: readConfig({ NODE_ENV: "test", LAGOON_PUBLIC_URL: server.origin }),
    logger: createLogger("silent"),
    cache: createMemoryCache(),
    content: createContentClient({
      repositoryName: "lagoon-demo",
      documentAPIEndpoint: `${server.origin}/_emulators/content/api/v2`,
    }),
  };
  const reader = contentReader(new Request(`${server.origin}/account`), services);
  courses = await loadCourses(reader);
});

afterAll(() => server.close());

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
