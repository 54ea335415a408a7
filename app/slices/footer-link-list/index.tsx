import type { SliceOf } from "../../lib/content/slices";
import { SmartLink } from "../parts";

/** The footer renders these from the shell; this preview is for the slice simulator. */
export default function FooterLinkList({ slice }: { slice: SliceOf<"footer_link_list"> }) {
  return (
    <nav aria-label={slice.heading || "Footer links"} className="bg-lagoon-900 py-6 text-lagoon-50">
      <div className="container-page">
        <h2 className="font-semibold text-white">{slice.heading}</h2>
        <ul className="mt-3 space-y-2">
          {slice.links.map((link) => (
            <li key={link.href}>
              <SmartLink href={link.href} className="hover:underline">
                {link.label}
              </SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
