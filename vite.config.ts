import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const appDirectory = fileURLToPath(new URL("./app/", import.meta.url));
const serverReactRouter = fileURLToPath(
  new URL("./app/components/ui/react-router.server.tsx", import.meta.url),
);

/**
 * The server build of the app imports React Router with a lighter Link, which prints a plain
 * path's `<a>` without resolving it against the routes: the same markup at a fraction of the cost
 * (decision 006). The browser's build is untouched.
 */
function serverLinks(): Plugin {
  return {
    name: "lagoon:server-links",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.config.consumer === "server",
    resolveId(source, importer) {
      if (source !== "react-router" || !importer) return null;
      const file = importer.split("?")[0] ?? importer;
      if (!file.startsWith(appDirectory) || file === serverReactRouter) return null;
      return serverReactRouter;
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), serverLinks(), reactRouter()],
});
