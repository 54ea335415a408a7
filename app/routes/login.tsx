import { useSearchParams } from "react-router";
import { SignInButton } from "../components/account/sign-in-button";
import { PageHeader } from "../components/content/page-parts";
import { PreviewBanner } from "../components/content/preview-banner";
import { loadContentPage } from "../lib/content/content-page.server";
import { loadLoginPage } from "../lib/content/pages.server";
import { seoMeta } from "../lib/seo";
import { SliceZone } from "../slices/slice-zone";
import type { Route } from "./+types/login";

/** The login page's content; signing in itself belongs to the customer-account work. */
export const loader = (args: Route.LoaderArgs) =>
  loadContentPage(args, {
    load: (content) => ({ page: loadLoginPage(content) }),
    seo: ({ page }) => ({ page, noindex: true }),
  });

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function Login({ loaderData }: Route.ComponentProps) {
  const { page, preview } = loaderData;
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
            {signInError === "cancelled"
              ? "Sign-in was cancelled. You can try again whenever you are ready."
              : "We could not sign you in. Please try again."}
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
