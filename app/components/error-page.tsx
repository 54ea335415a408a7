import { Link } from "react-router";
import { ErrorReference } from "./error-reference";
import { errorHeading } from "./error-text";

/**
 * What went wrong, in the visitor's terms: a refusal (403, product §6's guards) or another
 * mistake in the request (4xx) is not the shop failing, and must not say so.
 */
function explanation(status: number): string {
  if (status === 403) {
    return "Your account doesn't have access to this page. If you think it should, please contact us.";
  }
  if (status >= 400 && status < 500) {
    return "This request could not be handled. Check the address, or head back to the home page.";
  }
  return "Something went wrong on our side. Please try again in a moment.";
}

export function ErrorPage({ status, path }: { status: number; path: string }) {
  return (
    <div className="container-page flex flex-col items-center py-24 text-center">
      <h1 className="text-4xl font-bold text-lagoon-900">{errorHeading(status)}</h1>
      {status === 404 ? (
        <>
          <p className="mt-4 max-w-xl text-lg text-slate-700">
            The page you were looking for has moved, been removed, or never existed. Check the
            address, or head back to the home page to keep browsing.
          </p>
          <p className="mt-2 text-slate-600">Page not found: {path}</p>
        </>
      ) : (
        <p className="mt-4 max-w-xl text-lg text-slate-700">{explanation(status)}</p>
      )}
      {status >= 500 ? <ErrorReference /> : null}
      <Link
        to="/"
        className="mt-8 inline-flex rounded-md bg-lagoon-700 px-5 py-3 font-semibold text-white hover:bg-lagoon-800"
      >
        Return Home
      </Link>
    </div>
  );
}
