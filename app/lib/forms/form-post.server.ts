import { safeRedirectPath } from "../safe-redirect";

// Forms that work without JavaScript: the browser posts them itself and is answered with a
// redirect back, while a fetcher (JavaScript) is answered with data.

/**
 * Whether the browser itself posted the form (no JavaScript): it navigates, so it wants a page
 * back. A fetcher's request is a fetch (React Router strips its `.data` suffix before the action
 * runs, so the URL cannot tell); forms rendered for a fetcher leave `redirectTo` out.
 */
export function browserPostedForm(request: Request, form: FormData): boolean {
  return (
    form.has("redirectTo") ||
    request.headers.get("Sec-Fetch-Mode") === "navigate" ||
    (request.headers.get("Accept") ?? "").includes("text/html")
  );
}

/** The page of this site the form was posted from, else `/`. */
export function refererPath(request: Request): string {
  const referer = request.headers.get("Referer");
  if (!referer) return "/";
  try {
    const url = new URL(referer);
    return url.origin === new URL(request.url).origin
      ? safeRedirectPath(`${url.pathname}${url.search}`)
      : "/";
  } catch {
    return "/";
  }
}
