import { redirect } from "react-router";
import { servicesContext } from "../lib/request-context.server";
import { signOutStaff } from "../lib/staff/staff-session.server";
import type { Route } from "./+types/staff.sign-out";

/** Ends the staff session at once (decision 012): a copy of its cookie is dead from now on. */
export async function action({ request, context }: Route.ActionArgs) {
  const setCookie = await signOutStaff(request, context.get(servicesContext));
  return redirect("/staff/sign-in", {
    headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" },
  });
}

// Signing out changes state, so it takes a POST; a plain visit goes to the sign-in page.
export function loader() {
  return redirect("/staff/sign-in");
}
