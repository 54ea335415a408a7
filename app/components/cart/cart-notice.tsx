import { useEffect } from "react";
import type { CartNotice } from "../../lib/commerce/cart-notice.server";
import { showToast } from "./toast-queue";

// product §9: 'Empty Cart' shows for 3 s; other cart messages get the longer 5 s.
const durationOf = (notice: CartNotice) => (notice.title === "Empty Cart" ? 3_000 : 5_000);

/**
 * A cart message from a form the browser posted itself (no JavaScript): a toast when scripts run,
 * else a banner in the page, since a toast needs JavaScript.
 */
export function CartNoticeBanner({ notice }: { notice: CartNotice | null | undefined }) {
  useEffect(() => {
    if (notice) showToast({ ...notice, durationMs: durationOf(notice) });
  }, [notice]);
  if (!notice) return null;
  return (
    <noscript>
      <div
        role={notice.kind === "error" ? "alert" : "status"}
        className="container-page mt-4 rounded-md border border-coral-600 bg-white px-4 py-3 text-slate-900"
      >
        <p className="font-semibold">{notice.title}</p>
        {notice.description ? <p>{notice.description}</p> : null}
      </div>
    </noscript>
  );
}
