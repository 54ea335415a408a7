// The server's parts that tests of app modules stand the app on. The app itself never imports
// `server/` (the server hands its stores over through the build); its tests reach them here.
export { createMemoryCache } from "../../server/cache";
export { readConfig } from "../../server/config";
export type { DatabaseHandle } from "../../server/db";
export { openDatabase } from "../../server/db";
export { createLogger } from "../../server/logger";
