import type { SliceOf } from "../../lib/content/slices";
import { RichHtml, SliceHeading } from "../parts";

export default function TextBlock({ slice }: { slice: SliceOf<"text_block"> }) {
  return (
    <section className="container-page py-12">
      <div className="mx-auto max-w-3xl">
        <SliceHeading>{slice.heading}</SliceHeading>
        <RichHtml html={slice.bodyHtml} className="prose-content mt-4 text-slate-700" />
      </div>
    </section>
  );
}
