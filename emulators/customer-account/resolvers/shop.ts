import type { GraphQLSchema } from "graphql";
import { setResolver } from "./context";
import { metafieldsKey, ownedMetafields } from "./nodes";

export function installShopResolvers(schema: GraphQLSchema): void {
  setResolver(schema, "QueryRoot", "shop", () => shopNode);
}

// The demo shop of demo/catalog/shop.json.
const shopNode = {
  __typename: "Shop",
  [metafieldsKey]: ownedMetafields("gid://shopify/Shop/60123401", []),
  id: "gid://shopify/Shop/60123401",
  name: "Coral Bay Pool & Spa",
  email: "hello@coralbaypoolandspa.com.au",
  myshopifyDomain: "coral-bay-pool-and-spa.myshopify.com",
  url: "https://coralbaypoolandspa.com.au",
  shopPolicies: [],
};
