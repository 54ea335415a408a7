import { data } from "react-router";

/** JSON answers for the API routes: `{ error }` with the spec's message and a 4xx/5xx status. */
export function errorResponse(
  message: string,
  status: number,
  extra: Record<string, unknown> = {},
) {
  return data(
    { error: message, status, ...extra },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * A page's form post. Anything else (no body, JSON, a broken multipart body) is the client's
 * mistake: the 400 error page, never a 500.
 */
export async function readPageForm(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    try {
      return await request.formData();
    } catch {
      // Falls through to the 400 below.
    }
  }
  throw data(null, { status: 400, headers: { "Cache-Control": "no-store" } });
}

/**
 * The body of an API call as a plain object, from JSON or a form post. Malformed JSON, another
 * content type or a non-object body is `null`, for the caller to answer with a 400.
 */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.includes("application/json")) {
      const body: unknown = await request.json();
      return body && typeof body === "object" && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : null;
    }
    if (
      type.includes("application/x-www-form-urlencoded") ||
      type.includes("multipart/form-data")
    ) {
      const form = await request.formData();
      return Object.fromEntries(
        [...form.entries()].filter(([, value]) => typeof value === "string"),
      );
    }
  } catch {
    return null;
  }
  return null;
}
