import { PageHeader } from "../components/content/page-parts";
import { PreviewBanner } from "../components/content/preview-banner";
import { ThankYouMessage } from "../components/content/thank-you-message";
import { contentPageMeta } from "../lib/content/content-page";
import { loadContentPage } from "../lib/content/content-page.server";
import { loadThankYouPage } from "../lib/content/pages.server";
import { readJsonText } from "../lib/json-text";
import type { PageQueryHandle } from "../lib/page-cache";
import { SliceZone } from "../slices/slice-zone";
import type { Route } from "./+types/thank-you";

// This page reads no query parameter; the page cache ignores them all (decision 008).
export const handle = { pageQuery: [] } satisfies PageQueryHandle;

/**
 * Thank-you pages: `/thank-you/{uid}`, and the fixed addresses `/thank-you` and
 * `/mailing-list-confirmation`, each the thank-you page of that uid (`/po-thank-you` has its own
 * route: it names the customer's purchase order).
 */
/**
 * Thank-you pages that confirm something only their own route can check: here they would tell
 * anyone that their purchase order was submitted (`/po-thank-you`) or their course booked (shown
 * by `/thank-you/order-received` for an order with a course). Editors still preview them here.
 */
const OWN_ROUTE_ONLY = new Set(["po-thank-you", "course-booking"]);

export function loader(args: Route.LoaderArgs) {
  const path = args.url.pathname;
  const uid = args.params.uid ?? path.slice(1);
  return loadContentPage(args, {
    load: (content) => ({
      page:
        OWN_ROUTE_ONLY.has(uid) && !content.preview
          ? Promise.resolve(null)
          : loadThankYouPage(content, uid),
    }),
    seo: ({ page }) => ({ page, path, noindex: true }),
  });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = contentPageMeta;

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData;
  const { page } = readJsonText(loaderData.content);
  return (
    <>
      <PreviewBanner preview={preview} />
      <PageHeader title={page.title} />
      <div className="container-page">
        <ThankYouMessage page={page} />
      </div>
      <SliceZone slices={page.slices} />
    </>
  );
}
