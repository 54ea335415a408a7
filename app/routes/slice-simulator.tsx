import { useEffect, useState } from "react";
import type { SliceView } from "../lib/content/slices";
import DropdownNavItem from "../slices/dropdown-nav-item";
import FooterLinkList from "../slices/footer-link-list";
import NavItem from "../slices/nav-item";
import { SliceZone } from "../slices/slice-zone";
import type { Route } from "./+types/slice-simulator";

/**
 * Slice Machine and Prismic's page builder frame this page and post slices to it
 * (`@prismicio/simulator`'s framework-free kit). Only this route pays for reshaping raw slices
 * in the browser, and only after hydration: the kit and the reshaping load in the effect. The
 * CSP lets only the editor's origin frame it (server/security.ts).
 */
export function meta() {
  return [{ title: "Slice simulator" }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers(): HeadersInit {
  return { "Cache-Control": "no-store" };
}

const SIMULATOR_STYLE: React.CSSProperties = {
  position: "fixed",
  inset: 0,
  zIndex: 100,
  overflow: "auto",
  background: "#ffffff",
};

/** Links inside the simulator must not navigate the frame away from the editor. */
function stopNavigation(event: React.SyntheticEvent) {
  if (event.target instanceof Element && event.target.closest("a")) event.preventDefault();
}

export default function SliceSimulator(_: Route.ComponentProps) {
  const [slices, setSlices] = useState<SliceView[]>([]);
  const [direct, setDirect] = useState(false);

  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    void Promise.all([import("@prismicio/simulator/kit"), import("../lib/content/slices")]).then(
      ([{ SimulatorManager, StateEventType }, { reshapeSlices }]) => {
        if (cancelled) return;
        const manager = new SimulatorManager();
        const onSlices = (raw: unknown) => setSlices(reshapeSlices(raw));
        const onMessage = (message: string) => setDirect(message !== "");
        manager.state.on(StateEventType.Slices, onSlices);
        manager.state.on(StateEventType.Message, onMessage);
        stop = () => {
          manager.state.off(StateEventType.Slices, onSlices);
          manager.state.off(StateEventType.Message, onMessage);
        };
        void manager.init();
      },
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, []);

  return (
    <div className="slice-simulator" style={SIMULATOR_STYLE}>
      {direct ? (
        <div className="container-page py-16">
          <h1 className="text-2xl font-bold text-lagoon-900">Slice simulator</h1>
          <p className="mt-4 max-w-2xl text-slate-700">
            This page shows slices for Slice Machine and Prismic's page builder, which open it in a
            frame and send it the slices to draw. Opened on its own, it has nothing to show.
          </p>
        </div>
      ) : (
        <div className="slice-simulator--root" onClickCapture={stopNavigation}>
          <div data-slice-zone="">
            {slices.map((slice) => {
              switch (slice.type) {
                case "nav_item":
                  return <NavItem key={slice.id} slice={slice} />;
                case "dropdown_nav_item":
                  return <DropdownNavItem key={slice.id} slice={slice} />;
                case "footer_link_list":
                  return <FooterLinkList key={slice.id} slice={slice} />;
                default:
                  return <SliceZone key={slice.id} slices={[slice]} showUnknown />;
              }
            })}
          </div>
        </div>
      )}
    </div>
  );
}
