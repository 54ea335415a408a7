import type { PreviewState } from "../../lib/content/reader.server";
import { lazyComponent } from "../lazy";
import { PartSuspense } from "../part-suspense";

// Only an editor previewing drafts sees the preview bar, so its code loads only then: shoppers'
// pages carry none of it (docs/decisions/001-javascript-budget.md).
const PreviewBar = lazyComponent(() => import("./preview-bar").then((module) => module.PreviewBar));

/** Shown on every content page while an editor previews drafts; nothing otherwise. */
export function PreviewBanner({ preview }: { preview: PreviewState | null }) {
  if (!preview) return null;
  return (
    <PartSuspense fallback={null}>
      <PreviewBar preview={preview} />
    </PartSuspense>
  );
}
