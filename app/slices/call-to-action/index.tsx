import type { SliceOf } from "../../lib/content/slices";
import { ButtonLink, RichHtml } from "../parts";

export default function CallToAction({ slice }: { slice: SliceOf<"call_to_action"> }) {
  const dark = slice.tone === "lagoon";
  return (
    <section className="container-page py-12">
      <div
        className={`rounded-2xl px-6 py-12 text-center sm:px-12 ${dark ? "bg-lagoon-800 text-white" : "bg-sand-50 text-lagoon-900 ring-1 ring-lagoon-100"}`}
      >
        <h2 className="text-3xl font-bold tracking-tight text-balance">{slice.heading}</h2>
        <RichHtml
          html={slice.textHtml}
          className={`mx-auto mt-4 max-w-2xl text-lg [&_p]:my-2 ${dark ? "text-lagoon-50" : "text-slate-700"}`}
        />
        {slice.cta ? (
          <div className="mt-8">
            <ButtonLink href={slice.cta.href} tone={dark ? "light" : "dark"}>
              {slice.cta.label}
            </ButtonLink>
          </div>
        ) : null}
      </div>
    </section>
  );
}
