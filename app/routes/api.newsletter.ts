import { handleNewsletterSignUp } from "../lib/newsletter/subscribe.server";
import { servicesContext, shopperContext } from "../lib/request-context.server";
import type { Route } from "./+types/api.newsletter";

/** POST /api/newsletter: the footer's sign-up (lib/newsletter/subscribe.server.ts). */
export function action({ request, context }: Route.ActionArgs) {
  return handleNewsletterSignUp(
    request,
    context.get(servicesContext),
    context.get(shopperContext).buyerIp,
  );
}
