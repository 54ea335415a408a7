import { authorizeSignIn, handleAuthApiAction } from "../lib/customer/auth-api.server";
import { errorResponse } from "../lib/request-body.server";
import { servicesContext } from "../lib/request-context.server";
import type { Route } from "./+types/api.auth";

/** /api/auth/*: sign-in and the session's tokens, kept on the server (lib/customer/auth-api.server.ts). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.action !== "authorize") return errorResponse("Not found", 404);
  return authorizeSignIn(request, context.get(servicesContext));
}

export function action({ request, params, context }: Route.ActionArgs) {
  return handleAuthApiAction(request, params.action, context.get(servicesContext));
}
