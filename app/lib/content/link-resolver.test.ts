import { describe, expect, it } from "vitest";
import { resolveDocumentPath } from "./link-resolver";

describe("resolveDocumentPath (product §2)", () => {
  it.each([
    ["home_page", "home", "/"],
    ["standard_page", "about", "/about"],
    ["thank_you_page", "enquiry", "/thank-you/enquiry"],
    ["contact_page", "contact", "/contact"],
    ["login_page", "login", "/login"],
    ["testimonials", "testimonials", "/testimonials"],
    ["purchase_order_checkout", "po", "/purchase-order-checkout"],
    ["news_blog_home", "news", "/news"],
    ["news_blog_page", "winter-care", "/news/winter-care"],
    ["online_course_page", "pool-operator", "/training-centre/pool-operator"],
    ["local_course_page", "spa-care", "/training-centre/spa-care"],
    ["project_home", "projects", "/projects"],
    ["project_page", "burleigh-lap-pool", "/projects/burleigh-lap-pool"],
    ["shop_page", "chemicals", "/store/chemicals"],
    ["settings", null, "/"],
    ["something_new", "x", "/"],
  ])("%s %s → %s", (type, uid, path) => {
    expect(resolveDocumentPath({ type, uid })).toBe(path);
  });
});
