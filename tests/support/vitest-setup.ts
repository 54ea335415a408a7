import { afterAll } from "vitest";
import { serverLoadsSettled } from "../../app/components/lazy";

// A test file that renders the app starts loading its lazily loaded parts' code (lazy.ts); one
// still on its way when the file ends would be imported after Vitest tore the file down.
afterAll(serverLoadsSettled);
