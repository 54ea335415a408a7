import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startContentShop } from "../../../tests/support/content-shop";
import { loadNewsArticle, loadPageByUid } from "./pages.server";
import { contentReader } from "./reader.server";

// Found by the fuzz suite (tests/http/fuzz.test.ts): GET /a%5C%22b answered 503, because the uid
// `a\"b` broke the content query's filter and the content service answered a parsing error.

let shop: Awaited<ReturnType<typeof startContentShop>>;
beforeAll(async () => {
  shop = await startContentShop();
});
afterAll(() => shop?.close());

const reader = () => contentReader(new Request(`${shop.origin}/news/x`), shop.services);

describe("a page addressed by a uid that no document can have", () => {
  it.each(['a\\"b', '"', "\\", "a b", "a)b", "a%22b"])(
    "%s is not found, not an error",
    async (uid) => {
      await expect(loadNewsArticle(reader(), uid)).resolves.toBeNull();
      await expect(loadPageByUid(reader(), "standard_page", uid)).resolves.toBeNull();
    },
  );

  it("still finds the pages that exist", async () => {
    await expect(loadNewsArticle(reader(), "heat-pumps-explained")).resolves.toMatchObject({
      path: "/news/heat-pumps-explained",
    });
    await expect(loadPageByUid(reader(), "standard_page", "about-us")).resolves.toMatchObject({
      path: "/about-us",
    });
  });
});
