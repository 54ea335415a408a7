import type { GraphQLSchema } from "graphql";
import { setResolver } from "./context";
import { metafieldsKey, type OwnedMetafields } from "./nodes";

/** `metafield` and `metafields` on each owner type; interfaces pass no resolvers on. */
export function installMetafieldResolvers(schema: GraphQLSchema): void {
  for (const owner of ["Customer", "Order", "Shop"]) {
    setResolver(schema, owner, "metafields", (source, args) => {
      const metafields = source[metafieldsKey] as OwnedMetafields;
      const identifiers = args.identifiers as { namespace: string; key: string }[];
      return identifiers.map(({ namespace, key }) => metafields.find(namespace, key));
    });
    setResolver(schema, owner, "metafield", (source, args) => {
      const metafields = source[metafieldsKey] as OwnedMetafields;
      return metafields.find(String(args.namespace), String(args.key));
    });
  }
}
