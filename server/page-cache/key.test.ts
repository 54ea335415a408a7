import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isTrackingParam,
  normalisedUrl,
  PAGE_KEY_PREFIX,
  pageKey,
  pageOfDataRequest,
  pathPrefixes,
} from "./key";

// Which stored page a request gets (server/page-cache/index.ts): two requests share a page only
// when they share its key, and a purge reaches every key of a path through its prefixes.

const ORIGIN = "https://shop.example";
const keyOf = (target: string, pageQuery?: (pathname: string) => readonly string[] | undefined) =>
  pageKey(normalisedUrl(target, ORIGIN, pageQuery));

describe("the page key", () => {
  it("is the path and the sorted query, on the shop's own origin whatever the request named", () => {
    const url = normalisedUrl("http://evil.example:8080/store/collections/pumps?b=2&a=1", ORIGIN);
    expect(url.href).toBe(`${ORIGIN}/store/collections/pumps?a=1&b=2`);
    expect(pageKey(url)).toBe("page:/store/collections/pumps?a=1&b=2");
    expect(PAGE_KEY_PREFIX).toBe("page:");
  });

  it("is the same for the same parameters in any order, values of a name sorted too", () => {
    expect(keyOf("/search?tag=spa&q=pump&tag=pool")).toBe(keyOf("/search?tag=pool&q=pump&tag=spa"));
    expect(keyOf("/search?tag=spa&q=pump&tag=pool")).toBe("page:/search?q=pump&tag=pool&tag=spa");
    expect(keyOf("/search?q=b&q=a&q=c")).toBe("page:/search?q=a&q=b&q=c");
    expect(keyOf("/search?q=a&q=a")).toBe("page:/search?q=a&q=a");
  });

  it("is the same for a long query in any order", () => {
    // Long enough that the sort merges runs, where a comparison that only half orders values
    // would show.
    const params = fc.array(
      fc.tuple(fc.constantFrom("tag", "q", "page"), fc.stringMatching(/^[a-z0-9]{0,3}$/)),
      { minLength: 1, maxLength: 120 },
    );
    fc.assert(
      fc.property(
        params.chain((list) =>
          fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })),
        ),
        ([list, shuffled]) => {
          const query = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();
          const key = keyOf(`/search?${query(list)}`);
          expect(keyOf(`/search?${query(shuffled)}`)).toBe(key);
          const sorted = [...list].sort(([a, av], [b, bv]) =>
            a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1,
          );
          expect(key).toBe(`page:/search?${query(sorted)}`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("differs when a parameter's value or the path differs", () => {
    expect(keyOf("/search?q=pump")).not.toBe(keyOf("/search?q=pumps"));
    expect(keyOf("/search?q=pump")).not.toBe(keyOf("/search"));
    expect(keyOf("/store/a")).not.toBe(keyOf("/store/b"));
    expect(keyOf("/search")).toBe("page:/search?");
  });

  it("drops the marketing parameters, which never change the page", () => {
    const tagged =
      "/news?utm_source=mail&utm_campaign=spring&gclid=1&gbraid=2&wbraid=3&dclid=4&gclsrc=5" +
      "&fbclid=6&msclkid=7&yclid=8&twclid=9&ttclid=10&li_fat_id=11&igshid=12&srsltid=13" +
      "&mc_cid=14&mc_eid=15&_ga=16&_gl=17&_hsenc=18&_hsmi=19&page=2";
    expect(keyOf(tagged)).toBe("page:/news?page=2");
  });

  it("keeps parameters that merely resemble a marketing one", () => {
    for (const name of ["utm", "xutm_source", "gclid2", "ga", "page", "q", "sort"]) {
      expect(isTrackingParam(name), name).toBe(false);
      expect(keyOf(`/news?${name}=1`)).toBe(`page:/news?${name}=1`);
    }
    expect(isTrackingParam("utm_anything")).toBe(true);
  });

  it("keeps only the parameters a route declares it reads, when it declares them", () => {
    const pageQuery = (pathname: string) => (pathname === "/search" ? ["q", "page"] : undefined);
    expect(keyOf("/search?q=pump&sort=x&page=2&utm_source=a", pageQuery)).toBe(
      "page:/search?page=2&q=pump",
    );
    // A route that declares nothing: every parameter but the marketing ones counts.
    expect(keyOf("/news?sort=x&utm_source=a", pageQuery)).toBe("page:/news?sort=x");
    // A route that declares it reads none: no parameter splits its page.
    expect(keyOf("/about?x=1", () => [])).toBe("page:/about?");
  });

  it("asks which parameters a route reads by the request's path, not its query", () => {
    const asked: string[] = [];
    keyOf("/search?q=pump", (pathname) => {
      asked.push(pathname);
      return ["q"];
    });
    expect(asked).toEqual(["/search"]);
  });
});

describe("the page of a React Router data request", () => {
  it.each([
    ["/store/products/pump.data", "/store/products/pump"],
    ["/store/collections/_.data", "/store/collections/"],
    ["/_.data", "/"],
    ["/news.data", "/news"],
  ])("%s is for %s", (data, page) => {
    expect(pageOfDataRequest(data)).toBe(page);
  });

  it("is no page for a path that is not a data request", () => {
    expect(pageOfDataRequest("/store/products/pump")).toBeUndefined();
    expect(pageOfDataRequest("/data")).toBeUndefined();
    expect(pageOfDataRequest("/news.datax")).toBeUndefined();
  });
});

describe("the key prefixes of a path", () => {
  it("cover the page with and without its trailing slash, and both of its data requests", () => {
    const expected = [
      "page:/store/products/pump?",
      "page:/store/products/pump.data?",
      "page:/store/products/pump/?",
      "page:/store/products/pump/_.data?",
    ];
    expect(pathPrefixes("/store/products/pump")).toEqual(expected);
    expect(pathPrefixes("/store/products/pump/")).toEqual(expected);
    expect(pathPrefixes("/store/products/pump///")).toEqual(expected);
  });

  it("of the home page are its own and its data request's", () => {
    expect(pathPrefixes("/")).toEqual(["page:/?", "page:/_.data?"]);
  });

  it("are the prefixes of every key of that page, whatever its query", () => {
    for (const target of [
      "/store/products/pump",
      "/store/products/pump?variant=2",
      "/store/products/pump.data?_routes=root",
      "/store/products/pump/",
      "/store/products/pump/_.data",
    ]) {
      const key = keyOf(target);
      expect(
        pathPrefixes("/store/products/pump").some((prefix) => key.startsWith(prefix)),
        target,
      ).toBe(true);
    }
    // …and of no other page's, even one whose path starts the same.
    const other = keyOf("/store/products/pump-filter");
    expect(pathPrefixes("/store/products/pump").some((prefix) => other.startsWith(prefix))).toBe(
      false,
    );
  });
});
