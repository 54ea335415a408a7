import { useEffect, useId, useState } from "react";

/**
 * product §5: the email is required and of email type; Subscribe is disabled while it is empty.
 * Before hydration the button stays enabled so the form works without JavaScript; the browser's
 * own `required` check stops an empty submission there.
 */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState("");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  return (
    <form method="post" action="/api/newsletter" className="mt-3 flex flex-col gap-2 sm:flex-row">
      <label htmlFor={`${id}-email`} className="sr-only">
        Email address
      </label>
      <input
        id={`${id}-email`}
        name="email"
        type="email"
        required
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        className="min-w-0 flex-1 rounded-md border border-lagoon-200 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500"
      />
      <button
        type="submit"
        disabled={hydrated && email.trim() === ""}
        className="rounded-md bg-coral-600 px-4 py-2 font-semibold text-white hover:bg-orange-800 disabled:cursor-not-allowed disabled:bg-slate-400 disabled:text-slate-800"
      >
        Subscribe
      </button>
    </form>
  );
}
