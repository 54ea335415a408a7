import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // A separate build directory lets several checkouts' test runs share one machine.
  buildDirectory: process.env.LAGOON_BUILD_DIR ?? "build",
} satisfies Config;
