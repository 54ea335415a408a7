import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { RequestReferenceProvider } from "./components/error-reference";
import { NonceProvider } from "./components/nonce";
import { collectPage } from "./lib/page-stream.server";
import { serverValuesOf, servicesContext } from "./lib/request-context.server";

// Besides rendering, the server build offers the server what it needs from the app: see AppEntry.
export { createAppContext } from "./lib/context.server";
export { oidcSettings } from "./lib/customer/auth.server";
export { startMailDelivery } from "./lib/mail/mail-delivery.server";
export { hasPersonalCookie } from "./lib/personal-cookies";
export { reachInstrumentations as instrumentations } from "./lib/reach.server";
export { requestContextValues } from "./lib/request-context.server";
export { reportRequestError as handleError } from "./lib/request-errors.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, requestId, onRenderStart } = serverValuesOf(loadContext);
  onRenderStart?.();

  // No loader defers data, and the server compresses each page whole (decision 009): the page is
  // rendered to the end, for people and crawlers alike, and answered as one body. A route that
  // ever defers data must stream again, here and in the server's sendResponse.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestReferenceProvider value={requestId}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestReferenceProvider>
      </NonceProvider>,
      {
        nonce,
        // Completed Suspense boundaries go out in place. React would otherwise send large ones
        // after the shell, revealed by an inline script a page without JavaScript never runs
        // (the cart drawer's lines, loaded lazily in the browser, are such a boundary).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(
            collectPage((page) => {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(page, { headers: responseHeaders, status: responseStatusCode }));
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error in the shell is the router's to report (onShellError rejects).
          if (shellRendered)
            loadContext.get(servicesContext).logger.error({ err: error }, "render failed");
        },
      },
    );
  });
}
