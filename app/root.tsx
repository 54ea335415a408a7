import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { errorTitle } from "./components/error-text";
import { lazyComponent } from "./components/lazy";
import { useNonce } from "./components/nonce";
import { lazyPartsHydrated, PartSuspense } from "./components/part-suspense";
import {
  Announcements,
  CartDrawer,
  CartNoticeBanner,
  Header,
  NavigationProgress,
  ShellEffects,
  SiteFooter,
  ToastHost,
} from "./components/shell/shell-islands";
import { TagManagerNoScript, TagManagerScript } from "./components/shell/tag-manager";
import { loadCartForLayout } from "./lib/commerce/cart-layout.server";
import { shellOrFallback } from "./lib/content/reader.server";
import { pageShell } from "./lib/content/shell.server";
import { isSignedIn } from "./lib/customer/session-cookie";
import { jsonText, readJsonText } from "./lib/json-text";
import { takeNewsletterNotice } from "./lib/newsletter/subscribe.server";
import { servicesContext, shopperContext, shopperMiddleware } from "./lib/request-context.server";

// The shopper's clients (storefront, catalogue), made once per request for every route below.
export const middleware: Route.MiddlewareFunction[] = [shopperMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [shell, cart, newsletter] = await Promise.all([
    shellOrFallback(request, services),
    loadCartForLayout(request, services, context.get(shopperContext).buyerIp),
    takeNewsletterNotice(request, services.config),
  ]);
  if (newsletter.setCookie) cart.headers.append("Set-Cookie", newsletter.setCookie);
  return data(
    {
      // One string for the whole shell, the same on every page (json-text.ts).
      shell: jsonText(pageShell(shell)),
      signedIn: isSignedIn(request.headers.get("Cookie")),
      // The cart's own JSON text, made per request: one string, not objects, for React Router to
      // encode, and a text of Latin-1 characters only, as the shell's is (json-text.ts).
      cart: jsonText(cart.data),
      newsletter: newsletter.value,
      year: new Date().getFullYear(),
      gtmId: services.config.gtmId ?? null,
    },
    { headers: cart.headers },
  );
}

// Inline scripts run from the server's markup; the browser's copy of the page does not need their
// text (React does not compare an element's inner HTML when it hydrates).
const CHUNK_RELOAD_GUARD = !import.meta.env.SSR
  ? ""
  : `addEventListener("vite:preloadError",function(e){try{var k="lagoon:chunk-reload",t=Number(sessionStorage.getItem(k)||0);if(Date.now()-t>1e4){sessionStorage.setItem(k,String(Date.now()));location.reload()}}catch(_){}})`;

// Only a page that failed needs the error page's code.
const ErrorPage = lazyComponent(() =>
  import("./components/error-page").then((module) => module.ErrorPage),
);

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Lets tests (and CSS) know the page is interactive, the shell's deferred parts included.
  useEffect(() => {
    void lazyPartsHydrated().then(() => {
      document.documentElement.dataset.hydrated = "true";
    });
  }, []);
  const data = useRouteLoaderData<typeof loader>("root");
  const shell = data ? readJsonText(data.shell) : null;
  const gtmId = data?.gtmId ?? null;
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* With a precedence React sends the stylesheet before the scripts' modulepreloads: the
            one file that holds up the first paint is asked for first. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        {/* product §4: a code chunk that fails to load (a deploy replaced it) reloads the page once;
            a second failure within 10 s shows the error page rather than reloading in a loop. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, no input.
          dangerouslySetInnerHTML={{ __html: CHUNK_RELOAD_GUARD }}
        />
        {gtmId ? <TagManagerScript id={gtmId} nonce={nonce} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {gtmId ? <TagManagerNoScript id={gtmId} /> : null}
        <ShellEffects tagManager={gtmId !== null} />
        <NavigationProgress />
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {data && shell ? (
          <>
            <Announcements announcements={shell.announcements} signedIn={data.signedIn} />
            <Header siteName={shell.siteName} navigation={shell.navigation} />
            <CartNoticeBanner notice={readJsonText(data.cart).notice} />
          </>
        ) : null}
        <main id="main" className="flex-1">
          {children}
        </main>
        {data && shell ? (
          <SiteFooter shell={shell} year={data.year} newsletter={data.newsletter} />
        ) : null}
        {data ? <CartDrawer signedIn={data.signedIn} /> : null}
        <ToastHost />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  const shell = loaderData ? readJsonText(loaderData.shell) : null;
  // The error page's title comes from here too: a <title> in the boundary would be a second one.
  if (error) {
    const title = errorTitle(isRouteErrorResponse(error) ? error.status : 500);
    return [{ title: shell ? `${title} | ${shell.siteName}` : title }];
  }
  if (!shell) return [{ title: "Coral Bay Pool & Spa" }];
  return [
    { title: shell.metaTitle || shell.siteName },
    { name: "description", content: shell.metaDescription },
  ];
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <PartSuspense fallback={null}>
      <ErrorPage status={status} path={location.pathname} />
    </PartSuspense>
  );
}
