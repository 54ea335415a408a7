import type { ThankYouPage } from "../../lib/content/pages.server";
import { ButtonLink, RichHtml } from "../../slices/parts";

/** A thank-you page's message and its call to action, after what the page says first. */
export function ThankYouMessage({ page }: { page: Pick<ThankYouPage, "messageHtml" | "cta"> }) {
  return (
    <>
      <RichHtml
        html={page.messageHtml}
        className="prose-content max-w-3xl text-lg text-slate-700"
      />
      {page.cta ? (
        <div className="mt-8">
          <ButtonLink href={page.cta.href}>{page.cta.label}</ButtonLink>
        </div>
      ) : null}
    </>
  );
}
