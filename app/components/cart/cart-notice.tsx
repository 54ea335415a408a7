import { useEffect } from "react";
import { useNavigate } from "react-router";
import type { CartNotice } from "../../lib/commerce/cart-notice.server";
import { SignInButton } from "../account/sign-in-button";
import { showToast } from "./toast-queue";

// product §9: 'Empty Cart' shows for 3 s; other cart messages get the longer 5 s.
const durationOf = (notice: CartNotice) => (notice.title === "Empty Cart" ? 3_000 : 5_000);

// product §8: 'Commercial Customer … Redirecting...' goes to the purchase-order page after 3 s.
const GO_TO_DELAY_SECONDS = 3;

/**
 * A cart message from a form the browser posted itself (checkout always is one): a toast when
 * scripts run, else a banner in the page, since a toast needs JavaScript. A notice that leads on
 * (`goTo`) gets there after 3 s either way: by script, or by the banner's meta refresh.
 */
export function CartNoticeBanner({ notice }: { notice: CartNotice | null | undefined }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!notice) return;
    showToast({ ...notice, durationMs: durationOf(notice) });
    if (!notice.goTo) return;
    const goTo = notice.goTo;
    const timer = setTimeout(() => navigate(goTo), GO_TO_DELAY_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [notice, navigate]);
  if (!notice) return null;
  return (
    <noscript>
      {notice.goTo ? (
        <meta httpEquiv="refresh" content={`${GO_TO_DELAY_SECONDS};url=${notice.goTo}`} />
      ) : null}
      <div
        role={notice.kind === "error" ? "alert" : "status"}
        className="container-page mt-4 rounded-md border border-coral-600 bg-white px-4 py-3 text-slate-900"
      >
        <p className="font-semibold">{notice.title}</p>
        {notice.description ? <p>{notice.description}</p> : null}
        {notice.signInTo ? (
          <div className="mt-3">
            <SignInButton returnTo={notice.signInTo} label="Log In" />
          </div>
        ) : null}
      </div>
    </noscript>
  );
}
