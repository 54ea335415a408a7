import { AsyncResource } from "node:async_hooks";
import type { RequestListener } from "node:http";

/** Slots of turns taken that a queue keeps before dropping them. */
const DROP_TAKEN_AFTER = 1024;

/**
 * Requests take turns: one request is handed to the app per event-loop iteration, in the order the
 * requests came (decision 014). Pages the page cache holds are answered before, without a turn:
 * from memory, a few hundred microseconds each.
 *
 * libuv accepts one new connection per loop iteration (libuv/libuv#3696), and an iteration lasts
 * as long as the work that was ready in it. A page the shop answers from memory (the home page:
 * no call out) runs whole, route to written answer, inside the callback that read its request. So
 * with 31 busy connections an iteration was about 31 renders long, and each connection opened at
 * that moment waited one such iteration per connection ahead of it: up to 3 s for the 32nd, while
 * the connections already open had dozens of pages answered. Handing requests over one per
 * iteration keeps an iteration one request long, so the loop accepts and reads every few
 * milliseconds and requests are answered in the order they came.
 */
export function createRequestTurns(): (turn: () => void) => void {
  // A queue: `waiting` from `next` on. Under steady load it may never empty, so turns taken are
  // let go at once and their slots dropped now and then.
  const waiting: ((() => void) | undefined)[] = [];
  let next = 0;
  let scheduled = false;

  const takeTurn = () => {
    const turn = waiting[next] as () => void;
    waiting[next] = undefined;
    next += 1;
    if (next === waiting.length) {
      waiting.length = 0;
      next = 0;
      scheduled = false;
    } else {
      if (next >= DROP_TAKEN_AFTER) {
        waiting.splice(0, next);
        next = 0;
      }
      // Scheduled from the check phase, the next turn comes in the loop's next iteration, after
      // its poll for connections and requests. Scheduled before this turn runs, so a turn that
      // throws does not stop the others.
      setImmediate(takeTurn);
    }
    turn();
  };

  return (turn) => {
    // Each turn runs in its request's async context (its scope, the logger's request id), not in
    // that of the request whose turn scheduled it.
    waiting.push(AsyncResource.bind(turn));
    if (!scheduled) {
      scheduled = true;
      setImmediate(takeTurn);
    }
  };
}

/**
 * The listener, handed each request in its turn. A request whose client has gone while it waited
 * is not handed over, as a miss that waited for its budget is not rendered (page-cache/index.ts).
 */
export function inTurns(listener: RequestListener): RequestListener {
  const takeTurn = createRequestTurns();
  return (req, res) =>
    takeTurn(() => {
      if (!req.socket.destroyed) listener(req, res);
    });
}
