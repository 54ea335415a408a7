import { ChevronDownIcon } from "../../components/ui/icons";
import type { SliceOf } from "../../lib/content/slices";
import { RichHtml, SliceHeading } from "../parts";

/** Native <details> disclosures: keyboard and screen-reader support without any JavaScript. */
export default function Faq({ slice }: { slice: SliceOf<"faq"> }) {
  return (
    <section className="container-page py-12">
      <div className="mx-auto max-w-3xl">
        <SliceHeading>{slice.heading}</SliceHeading>
        <div className="mt-6 divide-y divide-slate-200 border-y border-slate-200">
          {slice.questions.map((entry) => (
            <details key={entry.question} className="group py-2">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-3 text-lg font-semibold text-lagoon-900 [&::-webkit-details-marker]:hidden">
                <h3>{entry.question}</h3>
                <ChevronDownIcon className="size-5 shrink-0 transition-transform group-open:rotate-180" />
              </summary>
              <RichHtml html={entry.answerHtml} className="prose-content pb-4 text-slate-700" />
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
