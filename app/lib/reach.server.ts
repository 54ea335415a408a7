import { channel } from "node:diagnostics_channel";
import type { ServerInstrumentation } from "react-router";

// What the app tells of a request's reach (server/reach.ts listens under test controls only, and
// reports it on the answer): each loader and action it runs, and the changes it makes outside the
// database (whose writes the server counts itself). Publishing costs a property read while no one
// listens.

const routeHandlers = channel("lagoon:route-handler");
const stateChanges = channel("lagoon:state-change");

/** A change to what the shop keeps outside its database: stored pages, cached reads. */
export function noteStateChange(what: string): void {
  if (stateChanges.hasSubscribers) stateChanges.publish({ what });
}

/** React Router's instrumentation of every route's loader and action (entry.server.tsx). */
export const reachInstrumentations: ServerInstrumentation[] = [
  {
    route(route) {
      route.instrument({
        async loader(handler) {
          if (routeHandlers.hasSubscribers) routeHandlers.publish({ kind: "loader" });
          await handler();
        },
        async action(handler) {
          if (routeHandlers.hasSubscribers) routeHandlers.publish({ kind: "action" });
          await handler();
        },
      });
    },
  },
];
