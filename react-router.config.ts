import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest (20 KB, 1.7 KiB brotli, cached with the build's other assets) in
  // place of React Router's lazy discovery: that computed a partial manifest for every page it
  // rendered (3.6 KB inline on a product page, 7 % of the page's CPU by callgrind) and asked the
  // server for more of it as links appeared (decision 009).
  routeDiscovery: { mode: "initial" },
  // A separate build directory lets several checkouts' test runs share one machine.
  buildDirectory: process.env.LAGOON_BUILD_DIR ?? "build",
} satisfies Config;
