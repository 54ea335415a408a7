import { useFetcher } from "react-router";
import type { NewsletterOutcome } from "../../lib/newsletter/outcome";
import { useHydrated } from "../product/use-hydrated";
import { HoneypotField } from "../ui/honeypot-field";
import { useFetcherAnswer } from "../ui/use-fetcher-answer";
import { useFieldText } from "../ui/use-field-text";

/**
 * product §5: the email is required and of email type; Subscribe is disabled while it is empty.
 * Before hydration the button stays enabled so the form works without JavaScript; the browser's
 * own `required` check stops an empty submission there, and the server sends the page back with
 * the outcome (`notice`). With JavaScript a fetcher posts it and the outcome shows in place.
 */
export function NewsletterForm({ notice }: { notice: NewsletterOutcome | null }) {
  // One form per page, in the footer.
  const id = "newsletter";
  const fetcher = useFetcher<NewsletterOutcome>();
  const email = useFieldText<HTMLInputElement>(notice && !notice.ok ? notice.email : "");
  const hydrated = useHydrated();

  const outcome = fetcher.data ?? notice;
  const submitting = fetcher.state === "submitting";
  const clearEmail = email.set;
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) clearEmail("");
  });

  const failed = outcome !== null && !outcome.ok;
  return (
    <fetcher.Form
      id="newsletter"
      method="post"
      action="/api/newsletter"
      className="relative mt-3 scroll-mt-24"
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          id={`${id}-email`}
          name="EMAIL"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="you@example.com"
          {...email.field}
          aria-invalid={failed || undefined}
          aria-describedby={`${id}-outcome`}
          className="min-w-0 flex-1 rounded-md border border-lagoon-200 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500"
        />
        <input type="hidden" name="tags" value="website" />
        <HoneypotField />
        <button
          type="submit"
          disabled={(hydrated && email.text.trim() === "") || submitting}
          className="rounded-md bg-coral-600 px-4 py-2 font-semibold text-white hover:bg-orange-800 disabled:cursor-not-allowed disabled:bg-slate-400 disabled:text-slate-800"
        >
          {submitting ? "Subscribing…" : "Subscribe"}
        </button>
      </div>
      <p
        id={`${id}-outcome`}
        role="status"
        className={`mt-2 text-sm ${failed ? "font-semibold text-orange-200" : "text-lagoon-50"}`}
      >
        {submitting ? "" : (outcome?.message ?? "")}
      </p>
    </fetcher.Form>
  );
}
