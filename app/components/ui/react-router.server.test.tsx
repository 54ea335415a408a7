import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type LinkProps,
  Link as RouterLink,
  StaticRouterProvider,
} from "react-router";
import { describe, expect, it } from "vitest";
import { Link as ServerLink } from "./react-router.server";

/** Renders `element` on a nested route, as the server renders a product page. */
async function renderOnProductPage(element: ReactNode): Promise<string> {
  const handler = createStaticHandler([
    { path: "/", children: [{ path: "store/products/:handle", element }] },
  ]);
  const context = await handler.query(new Request("http://localhost/store/products/pump"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  );
}

const plainLinks: LinkProps[] = [
  { to: "/", children: "Home" },
  { to: "/store/collections/pumps", className: "font-semibold", children: "Pumps" },
  { to: "/store/products/pump?variant=47100002", "aria-current": "true", children: "1.1 kW" },
  { to: "/search?q=chlorine#results", children: "Results" },
  { to: "/training-centre/", children: "Training" },
  { to: "/files/manual", target: "_blank", rel: "noopener", children: "Manual" },
  { to: "/news", discover: "none", children: "News" },
  {
    to: "/store/collections/pumps?after=abc",
    replace: true,
    preventScrollReset: true,
    state: { previousProducts: [] },
    onClick: () => {},
    children: "Load more",
  },
];

const otherLinks: LinkProps[] = [
  { to: "details", children: "Relative" },
  { to: "../pumps", children: "Up" },
  { to: "/a//b/./c/../d", children: "Unresolved" },
  { to: "/search?", children: "Empty search" },
  { to: "/news#", children: "Empty hash" },
  // Told apart at once: the first pattern took time exponential in the length of such a path.
  { to: "/store/collections/sanitisers-and-chemicals-for-pools-and-spas#", children: "Long" },
  { to: `/training-centre/${"a".repeat(5_000)}\\`, children: "Very long" },
  { to: "https://davey.com.au/pumps", children: "Elsewhere" },
  { to: "//example.com/x", children: "Protocol-relative" },
  { to: { pathname: "/store", search: "?sort=price" }, children: "Object" },
  { to: "/news", prefetch: "intent", children: "Prefetched" },
];

describe("the server's Link", () => {
  it.each([...plainLinks, ...otherLinks])(
    "prints what React Router's Link prints (%o)",
    async (props) => {
      const server = await renderOnProductPage(<ServerLink {...props} />);
      const router = await renderOnProductPage(<RouterLink {...props} />);
      expect(server).toBe(router);
    },
  );

  it("prints a plain path's link by itself, without resolving it against the routes", () => {
    // React Router's Link cannot render outside a router: this one did not go to it.
    expect(renderToStaticMarkup(<ServerLink to="/store/collections/pumps">Pumps</ServerLink>)).toBe(
      '<a href="/store/collections/pumps" data-discover="true">Pumps</a>',
    );
  });

  it("leaves any other link to React Router's Link", () => {
    // ...which needs the router it is not given here.
    expect(() => renderToStaticMarkup(<ServerLink to="details">Details</ServerLink>)).toThrow();
  });
});
