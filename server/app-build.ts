import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { AppEntry } from "../app/lib/context.server";

/**
 * The app reaches the server only as its build: the routes, and what the build's entry module
 * offers besides rendering (AppEntry). The server imports no app source, so each of the app's
 * classes exists once per process, in the build.
 */
export async function importBuild(buildDir: string): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
}

export function appEntryOf(build: ServerBuild): AppEntry {
  const entry = build.entry.module as Partial<AppEntry>;
  for (const name of [
    "createAppContext",
    "requestContextValues",
    "oidcSettings",
    "hasPersonalCookie",
    "startMailDelivery",
  ] as const) {
    if (typeof entry[name] !== "function") {
      throw new Error(`The server build's entry module does not export ${name} (see AppEntry).`);
    }
  }
  return entry as AppEntry;
}
