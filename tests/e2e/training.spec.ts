import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, visit } from "./fixtures";

// The training centre (issue 11): every course page books its course the way the product page
// does, with a session to choose for local courses and one participant per seat.

// demo/catalog/products/09-courses.json and content/*_course_page: one page per course product.
const COURSES = [
  { uid: "pool-operations-certificate", product: "Pool Operations Certificate (Online Course)" },
  {
    uid: "water-chemistry-fundamentals",
    product: "Water Chemistry Fundamentals (Online Course)",
  },
  { uid: "spa-maintenance-basics", product: "Spa Maintenance Basics (Online Course)" },
  {
    uid: "pool-safety-and-compliance-workshop",
    product: "Pool Safety and Compliance Workshop – Gold Coast",
    session: "17 July 2027",
  },
  {
    uid: "commercial-pool-plant-room-training",
    product: "Commercial Pool Plant Room Training – Gold Coast",
    session: "23 June 2027",
  },
  {
    uid: "pump-and-filter-servicing-hands-on",
    product: "Pump and Filter Servicing Hands-on – Gold Coast",
    session: "31 July 2027",
  },
];

const PEOPLE = [
  ["Ava Nguyen", "ava@example.com", "0400 000 001"],
  ["Ben Carter", "ben@example.com", "+61 7 5555 0100"],
] as const;

const booking = (page: Page) => page.getByRole("region", { name: "Book this course" });
const drawerOf = (page: Page) => page.getByRole("dialog", { name: "Your cart" });

async function fillParticipants(page: Page, count: number) {
  const dialog = page.getByRole("dialog", { name: "Participants" });
  await expect(dialog).toBeVisible();
  const seats = dialog.getByRole("spinbutton", { name: "Number of participants" });
  if (count > 1) await seats.fill(String(count));
  for (const [index, [name, email, phone]] of PEOPLE.slice(0, count).entries()) {
    const participant = dialog.getByRole("group", { name: `Participant ${index + 1}` });
    await participant.getByRole("textbox", { name: "Name" }).fill(name);
    await participant.getByRole("textbox", { name: "Email" }).fill(email);
    await participant.getByRole("textbox", { name: "Phone" }).fill(phone);
  }
  await dialog.getByRole("button", { name: "Add to cart" }).click();
}

test.describe("booking a course from its page", () => {
  for (const course of COURSES) {
    test(`${course.uid} adds the course with two participants to the cart`, async ({ page }) => {
      await visit(page, `/training-centre/${course.uid}`);
      const box = booking(page);
      if (course.session) {
        await box.getByRole("link", { name: course.session }).click();
        await expect(page).toHaveURL(/\?variant=\d+$/);
        await expect(box.getByRole("group", { name: /^Session/ })).toContainText(
          `Session: ${course.session}`,
        );
      } else {
        await expect(box).toContainText("Start any time");
      }
      await box.getByRole("button", { name: "Add to cart" }).click();
      await fillParticipants(page, 2);

      const line = drawerOf(page)
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: course.product }) });
      await expect(line).toBeVisible();
      if (course.session) await expect(line).toContainText(course.session);
      await expect(line).toContainText("Participant 1: Ava Nguyen");
      await expect(line).toContainText("Participant 2: Ben Carter");
      await expect(line).toContainText("Quantity: 2");
    });
  }

  test("a local course lists its upcoming sessions with the seats left", async ({ page }) => {
    await visit(page, "/training-centre/pool-safety-and-compliance-workshop");
    const sessions = booking(page).getByRole("list").first();
    await expect(sessions.getByRole("listitem")).toHaveText([
      /13 March 2027.*Sold out/,
      /8 May 2027.*3 seats left/,
      /17 July 2027.*12 seats left/,
    ]);
    await expect(booking(page)).toContainText("$220.00");
    await expect(page.getByRole("main")).toContainText("Grant Mellor");
    await expectAccessible(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a session is chosen by its link and booked with a plain form post", async ({ page }) => {
    await page.goto("/training-centre/commercial-pool-plant-room-training");
    await booking(page).getByRole("link", { name: "23 June 2027" }).click();
    await expect(booking(page).getByRole("group", { name: /^Session/ })).toContainText(
      "Session: 23 June 2027",
    );
    await booking(page).getByRole("button", { name: "Add to cart" }).click();
    await fillParticipants(page, 1);
    await expect(page).toHaveURL(
      /\/training-centre\/commercial-pool-plant-room-training\?variant=/,
    );
    await expect(page.getByRole("button", { name: "Open cart, 1 item" }).first()).toBeAttached();
  });
});
