import type { SliceOf } from "../../lib/content/slices";
import { SmartLink } from "../parts";

/** The header renders the menu from the shell; this preview is for the slice simulator. */
export default function NavItem({ slice }: { slice: SliceOf<"nav_item"> }) {
  return (
    <nav aria-label="Menu entry" className="container-page py-4">
      {slice.link ? (
        <SmartLink href={slice.link.href} className="font-medium text-lagoon-900 underline">
          {slice.link.label}
        </SmartLink>
      ) : (
        <p className="text-slate-600">A menu entry needs a label and a link.</p>
      )}
    </nav>
  );
}
