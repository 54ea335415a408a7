import { useEffect, useRef } from "react";
import { Toaster, toast } from "sonner";
import { onToast, toastQueue } from "./toast-queue";

/**
 * Sonner's toaster in a popover, so toasts show above the cart drawer: a modal dialog in the top
 * layer, where most cart toasts appear. Showing the popover again on each toast puts it on top
 * of whatever entered the top layer since.
 */
export default function ToastLayer() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const show = () => {
      const host = ref.current;
      if (host?.matches(":popover-open")) host.hidePopover();
      host?.showPopover();
      for (const next of toastQueue.splice(0)) {
        const options = { description: next.description, duration: next.durationMs };
        if (next.kind === "error") toast.error(next.title, options);
        else toast(next.title, options);
      }
    };
    show();
    return onToast(show);
  }, []);
  return (
    <div
      ref={ref}
      popover="manual"
      className="pointer-events-none m-0 size-full max-h-none max-w-none overflow-visible border-0 bg-transparent p-0 [&_[data-sonner-toast]]:pointer-events-auto"
    >
      <Toaster position="bottom-right" closeButton theme="light" />
    </div>
  );
}
