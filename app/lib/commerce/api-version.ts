// The one place the Storefront API version is pinned. It must move together with
// schemas/storefront.schema.json (api-version.test.ts checks the two agree).
export const STOREFRONT_API_VERSION = "2026-04";
