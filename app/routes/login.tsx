import { useSearchParams } from "react-router";
import { SignInButton } from "../components/account/sign-in-button";
import { PageHeader } from "../components/content/page-parts";
import { PreviewBanner } from "../components/content/preview-banner";
import { contentPageMeta } from "../lib/content/content-page";
import { loadContentPage } from "../lib/content/content-page.server";
import { loadLoginPage } from "../lib/content/pages.server";
import { readJsonText } from "../lib/json-text";
import type { PageQueryHandle } from "../lib/page-cache";
import { SliceZone } from "../slices/slice-zone";
import type { Route } from "./+types/login";

// The query parameters this page reads; the page cache ignores any other (decision 008).
export const handle = { pageQuery: ["error", "returnTo"] } satisfies PageQueryHandle;

/** The login page's content; signing in itself belongs to the customer-account work. */
export const loader = (args: Route.LoaderArgs) =>
  loadContentPage(args, {
    load: (content) => ({ page: loadLoginPage(content) }),
    seo: ({ page }) => ({ page, noindex: true }),
  });

const FAILED = "We could not sign you in. Please try again.";
// A Map, not an object: the code comes from the address, and `?error=__proto__` or `constructor`
// must not read what every object inherits.
const SIGN_IN_ERRORS = new Map([
  ["cancelled", "Sign-in was cancelled. You can try again whenever you are ready."],
  // product §8's 'Code verifier not found', said so a shopper knows what to do.
  [
    "expired",
    "Code verifier not found: that sign-in link was already used or has expired. Please sign in again.",
  ],
  ["failed", FAILED],
  // product §8's message while the identity provider is down (the code exchange's 10 s deadline).
  ["unavailable", "Sign-in is unavailable, please try again"],
]);

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = contentPageMeta;

export default function Login({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData;
  const { page } = readJsonText(loaderData.content);
  const [searchParams] = useSearchParams();
  const signInError = searchParams.get("error");
  return (
    <>
      <PreviewBanner preview={preview} />
      <PageHeader title={page.title} introHtml={page.introHtml} />
      <div className="container-page">
        {page.benefits.length > 0 ? (
          <ul className="max-w-3xl list-disc space-y-1 pl-6 text-slate-700">
            {page.benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        ) : null}
        {signInError ? (
          <p role="alert" className="mt-6 max-w-3xl text-coral-600">
            {SIGN_IN_ERRORS.get(signInError) ?? FAILED}
          </p>
        ) : null}
        <div className="mt-8">
          <SignInButton returnTo={searchParams.get("returnTo") ?? "/account"} />
        </div>
      </div>
      <SliceZone slices={page.slices} />
    </>
  );
}
