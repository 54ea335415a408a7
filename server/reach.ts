import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import type { NextFunction, Request, RequestHandler } from "express";
import onHeaders from "on-headers";

/**
 * How far a request got into the shop, for the test suites (test controls only): how many
 * loaders and actions it ran, and how many times it changed what the shop keeps (a database write
 * other than a lock or a counter, an emulated upstream's change, stored pages purged), the calls it made to the
 * emulators over loopback included. The answer carries it as `X-Lagoon-Reach: loaders=1
 * actions=1 changes=2`. The app and the stores publish on diagnostics channels
 * (app/lib/reach.ts), which cost nothing while no one listens.
 */

const REACH_HEADER = "X-Lagoon-Reach";
/**
 * The channels' names, as app/lib/reach.server.ts publishes on them (the server imports nothing of
 * the app at run time; the fuzz's reach thresholds fail if the two ever differ).
 */
const ROUTE_HANDLER_CHANNEL = "lagoon:route-handler";
export const STATE_CHANGE_CHANNEL = "lagoon:state-change";
/** Sent on the app's own calls to the emulators, so their changes count for the request behind them. */
const PARENT_HEADER = "x-lagoon-reach-parent";

interface Reach {
  loaders: number;
  actions: number;
  changes: number;
}

const current = new AsyncLocalStorage<{ id: string; reach: Reach }>();
/** The requests being answered, by id, for the emulator calls they make. */
const open = new Map<string, Reach>();
let subscribed = false;

function listen(): void {
  if (subscribed) return;
  subscribed = true;
  subscribe(ROUTE_HANDLER_CHANNEL, (message) => {
    const reach = current.getStore()?.reach;
    if (!reach) return;
    if ((message as { kind: string }).kind === "action") reach.actions += 1;
    else reach.loaders += 1;
  });
  subscribe(STATE_CHANGE_CHANNEL, () => {
    const reach = current.getStore()?.reach;
    if (reach) reach.changes += 1;
  });
  // Node's fetch (undici) announces each request it makes, in the caller's context.
  subscribe("undici:request:create", (message) => {
    const id = current.getStore()?.id;
    const request = (message as { request: { addHeader(name: string, value: string): void } })
      .request;
    if (id) request.addHeader(PARENT_HEADER, id);
  });
}

/** Express middleware that counts each request's reach and reports it on its answer. */
export function observeReach(): RequestHandler {
  listen();
  return (req, res, next) => {
    const parentId = req.get(PARENT_HEADER);
    const parent = parentId ? open.get(parentId) : undefined;
    if (parent && parentId) {
      current.run({ id: parentId, reach: parent }, () => within(req, next));
      return;
    }
    const id = randomUUID();
    const reach: Reach = { loaders: 0, actions: 0, changes: 0 };
    open.set(id, reach);
    res.on("close", () => open.delete(id));
    onHeaders(res, () => {
      res.setHeader(
        REACH_HEADER,
        `loaders=${reach.loaders} actions=${reach.actions} changes=${reach.changes}`,
      );
    });
    current.run({ id, reach }, () => within(req, next));
  };
}

/**
 * Goes on with the request in the current context, its body's events included: whatever reads
 * the body (the request gate, a body parser) calls `next` from a stream event, which would
 * otherwise run in the connection's context and lose the request's.
 */
function within(req: Request, next: NextFunction): void {
  req.emit = AsyncResource.bind(req.emit.bind(req));
  next();
}
