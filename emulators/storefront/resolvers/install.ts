import type { GraphQLSchema } from "graphql";
import { installCartResolvers } from "./cart";
import { installCollectionResolvers } from "./collection";
import { installMediaResolvers, installMetafieldResolvers } from "./media";
import { installProductResolvers } from "./product";
import { installSearchResolvers } from "./search";
import { installShopResolvers } from "./shop";

// Fields that take arguments or need the request; graphql-js's default resolvers read the rest
// straight off the node objects of nodes.ts.

export function installStorefrontResolvers(schema: GraphQLSchema): void {
  installShopResolvers(schema);
  installProductResolvers(schema);
  installCollectionResolvers(schema);
  installSearchResolvers(schema);
  installMediaResolvers(schema);
  installMetafieldResolvers(schema);
  installCartResolvers(schema);
}
