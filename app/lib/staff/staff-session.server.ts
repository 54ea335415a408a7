import { data, type RouterContextProvider } from "react-router";
import type { AppContext } from "../context.server";
import { digest, randomId } from "../customer/session-crypto.server";
import { escapeHtml } from "../mail/html";
import { enqueueMail } from "../mail/outbox.server";
import { servicesContext } from "../request-context.server";
import { readSignedId, signedCookie } from "../signed-cookie.server";
import { STAFF_COOKIE } from "./staff-cookie";

// Staff sign in to the purchase-order inbox with a one-time link emailed to an address listed in
// LAGOON_STAFF_EMAIL (decision 012). The link and the session live in the expiring state
// (decision 011), keyed by a digest of their secret; the session cookie is the staff's own, sent
// only under /staff, so it is never a customer's session and a customer's is never a staff one.

/** product §9: a sign-in link works once, for 15 minutes. */
const STAFF_LINK_LIFETIME_MS = 15 * 60 * 1000;
/** product §9: a staff session lasts 8 hours. */
const STAFF_SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;

type Services = Pick<AppContext, "config" | "database" | "state">;

const linkKey = (token: string) => `staff-link:${digest(token)}`;
const sessionKey = (id: string) => `staff-session:${digest(id)}`;

const staffCookie = signedCookie(STAFF_COOKIE, {
  path: "/staff",
  maxAgeSeconds: STAFF_SESSION_LIFETIME_MS / 1000,
});

/** The listed staff address `email` names (any case, spaces trimmed), or null. */
function staffAddress(config: AppContext["config"], email: string): string | null {
  const wanted = email.trim().toLowerCase();
  return config.staffEmails.find((address) => address.toLowerCase() === wanted) ?? null;
}

/**
 * Emails a sign-in link when `email` is a staff address; does nothing otherwise, and the page says
 * the same either way, so it tells nobody which addresses are staff.
 */
export async function sendStaffSignInLink(services: Services, email: string): Promise<void> {
  const { config, database, state } = services;
  const address = staffAddress(config, email);
  if (!address) return;
  const token = randomId();
  await state.put(linkKey(token), { email: address }, STAFF_LINK_LIFETIME_MS);
  const link = new URL(`/staff/sign-in?token=${token}`, config.publicUrl).toString();
  const text = [
    "Use this link to sign in to the purchase-order inbox:",
    link,
    "",
    "It works once, within 15 minutes. If you did not ask for it, ignore this email.",
  ].join("\n");
  const html = [
    `<p><a href="${escapeHtml(link)}">Sign in to the purchase-order inbox</a></p>`,
    "<p>The link works once, within 15 minutes. If you did not ask for it, ignore this email.</p>",
  ].join("\n");
  await enqueueMail(database.db, {
    to: address,
    kind: "staff-sign-in",
    subject: "Your sign-in link for the purchase-order inbox",
    text,
    html,
  });
}

/** Whose link this is while it is unused and within its 15 minutes; the link stays unused. */
export async function peekStaffSignInLink(services: Services, token: string) {
  if (!token) return null;
  const found = await services.state.get<{ email: string }>(linkKey(token));
  return found ? staffAddress(services.config, found.email) : null;
}

/**
 * Spends the link (of two requests racing with it, one wins) and starts a staff session: the
 * Set-Cookie header, or null when the link was used, expired, or its address is no longer staff.
 */
export async function signInWithLink(
  services: Services,
  token: string,
): Promise<{ email: string; setCookie: string } | null> {
  if (!token) return null;
  const taken = await services.state.take<{ email: string }>(linkKey(token));
  const email = taken ? staffAddress(services.config, taken.email) : null;
  if (!email) return null;
  const id = randomId();
  await services.state.put(sessionKey(id), { email }, STAFF_SESSION_LIFETIME_MS);
  return { email, setCookie: await staffCookie(services.config).serialize(id) };
}

/** The signed-in staff address, or null (no cookie, ended, older than 8 hours, no longer listed). */
export async function readStaff(request: Request, services: Services): Promise<string | null> {
  const id = await readSignedId(staffCookie(services.config), request);
  if (!id) return null;
  const session = await services.state.get<{ email: string }>(sessionKey(id));
  return session ? staffAddress(services.config, session.email) : null;
}

/**
 * The signed-in staff member's address. Everyone else (customers, visitors) gets the 404 page:
 * the staff pages do not say they exist.
 */
export async function requireStaff(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<string> {
  const staff = await readStaff(request, context.get(servicesContext));
  if (!staff) throw data(null, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return staff;
}

/** Ends the staff session at once; the Set-Cookie header that removes the cookie. */
export async function signOutStaff(request: Request, services: Services): Promise<string> {
  const id = await readSignedId(staffCookie(services.config), request);
  if (id) await services.state.delete(sessionKey(id));
  return staffCookie(services.config).serialize("", { maxAge: 0, expires: new Date(0) });
}
