import type { Config } from "prismic-ts-codegen";

// `npm run codegen:content` turns the Slice Machine models into prismicio-types.d.ts.
const config: Config = {
  output: "./prismicio-types.d.ts",
  models: ["./customtypes/**/index.json", "./app/slices/**/model.json"],
  // The app types its client explicitly (`Client<Content.AllDocumentTypes>`), so other code that
  // creates a Prismic client — the content emulator's tests — keeps the untyped default.
  clientIntegration: { includeCreateClientInterface: false, includeContentNamespace: true },
};

export default config;
