import type { SliceOf } from "../../lib/content/slices";
import { SmartLink } from "../parts";

/** The header renders the menu from the shell; this preview is for the slice simulator. */
export default function DropdownNavItem({ slice }: { slice: SliceOf<"dropdown_nav_item"> }) {
  return (
    <nav aria-label={slice.link?.label ?? "Menu entry"} className="container-page py-4">
      <p className="font-semibold text-lagoon-900">{slice.link?.label ?? "Untitled menu"}</p>
      <ul className="mt-2 ml-4 list-disc space-y-1">
        {slice.links.map((link) => (
          <li key={link.href}>
            <SmartLink href={link.href} className="text-lagoon-700 underline">
              {link.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
