import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";

// Who may reach which emulator path (decision 010). The emulators hold what a shop's operator
// sees in Shopify admin, Mailchimp and a mailbox: the staff email with its Approve link, the
// newsletter's members, draft orders, test switches. Those answer only the machine the shop runs
// on. What a shopper's browser is sent to (images, manuals, the checkout page, the sign-in pages)
// answers everyone, as Shopify's and Prismic's hosts would.

/** Paths under `/_emulators` a shopper's browser fetches or is sent to; all others are private. */
const FOR_SHOPPERS = [
  /^\/storefront\/images\//,
  /^\/storefront\/files\//,
  /^\/storefront\/cart\/c\//,
  /^\/content\/images\//,
  // The identity provider and the Customer Account API it guards; not the suites' test control.
  /^\/customer-account\/(?!_test(?:\/|$))/,
  // The link in the newsletter's confirmation email, a secret of its own.
  /^\/newsletter\/confirm\//,
];

// Spellings that a router and a browser may read as different paths: dot segments, encoded
// dots and slashes, backslashes, empty segments.
const AMBIGUOUS = /%2e|%2f|%5c|\\|\/\/|\/\.\.?(?:\/|$)/;

/**
 * Whether `path` (under the `/_emulators` mount, as Express routes it: not decoded) is one a
 * shopper needs. Express matches routes without regard to case; a path that could be read as
 * another one is private.
 */
export function isForShoppers(path: string): boolean {
  const lower = path.toLowerCase();
  return !AMBIGUOUS.test(lower) && FOR_SHOPPERS.some((pattern) => pattern.test(lower));
}

const isLoopback = (address: string) =>
  address === "::1" || /^(?:::ffff:)?127\.\d+\.\d+\.\d+$/.test(address);

/**
 * The client addresses a proxy forwarded the request for (X-Forwarded-For, Forwarded). A form
 * read wrongly (an IPv4 address with its port) only counts as elsewhere.
 */
function forwardedFor(req: IncomingMessage): string[] {
  const listed = String(req.headers["x-forwarded-for"] ?? "").split(",");
  const named = [...String(req.headers.forwarded ?? "").matchAll(/for="?\[?([^\]";,]*)/gi)];
  return [...listed, ...named.map((match) => match[1] ?? "")]
    .map((address) => address.trim())
    .filter((address) => address !== "");
}

/**
 * A request from the machine the shop runs on: its connection comes from loopback or from the
 * server's own address (the app calling itself on HOST), and it did not come through a proxy on
 * behalf of anyone elsewhere. The peer address is the socket's, which no header can change.
 */
export function isFromThisMachine(req: IncomingMessage): boolean {
  const peer = req.socket.remoteAddress ?? "";
  if (!isLoopback(peer) && peer !== req.socket.localAddress) return false;
  return forwardedFor(req).every(isLoopback);
}

/** Refuses a private emulator path to a request from elsewhere (403). */
export const privateToThisMachine: RequestHandler = (req, res, next) => {
  if (isForShoppers(req.path) || isFromThisMachine(req)) {
    next();
    return;
  }
  res
    .status(403)
    .set("Cache-Control", "no-store")
    .type("text/plain")
    .send("This page of the demo shop's emulators opens only on the machine the shop runs on.\n");
};
