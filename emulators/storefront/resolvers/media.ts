import { GraphQLInterfaceType, type GraphQLSchema } from "graphql";
import { paginateInOrder } from "../../shared/connection";
import type { FileNode, ImageNode, MetafieldNode } from "../nodes";
import { pageArgs, resolver } from "./context";

/** Images and files: URLs are absolute, on whichever origin the emulator is served from. */
export function installMediaResolvers(schema: GraphQLSchema): void {
  for (const field of ["url", "src", "originalSrc", "transformedSrc"]) {
    resolver<ImageNode>(schema, "Image", field, (image, _args, { assetUrl }) =>
      assetUrl(image.path),
    );
  }
  resolver<FileNode>(schema, "GenericFile", "url", (file, _args, { assetUrl }) =>
    assetUrl(file.path),
  );
}

/** Resolvers are not inherited from interfaces, so every HasMetafields type gets them; types
 * without metafields in the catalogue answer null. */
export function installMetafieldResolvers(schema: GraphQLSchema): void {
  const hasMetafields = schema.getType("HasMetafields");
  if (!(hasMetafields instanceof GraphQLInterfaceType)) {
    throw new Error("The Storefront schema has no HasMetafields interface");
  }
  const find = (owner: { metafieldList?: MetafieldNode[] }, namespace: unknown, key: unknown) =>
    owner.metafieldList?.find(
      (metafield) => metafield.namespace === namespace && metafield.key === key,
    ) ?? null;
  for (const type of schema.getPossibleTypes(hasMetafields)) {
    resolver<{ metafieldList?: MetafieldNode[] }>(
      schema,
      type.name,
      "metafield",
      (owner, { namespace, key }) => find(owner, namespace, key),
    );
    resolver<{ metafieldList?: MetafieldNode[] }>(
      schema,
      type.name,
      "metafields",
      (owner, { identifiers }) =>
        (identifiers as { namespace?: string; key: string }[]).map(({ namespace, key }) =>
          find(owner, namespace, key),
        ),
    );
  }
  resolver<MetafieldNode>(schema, "Metafield", "references", (metafield, args) =>
    metafield.type.startsWith("list.") && metafield.type.endsWith("_reference")
      ? paginateInOrder(metafield.files, pageArgs(args), (file) => file.id)
      : null,
  );
  resolver<MetafieldNode>(schema, "Metafield", "reference", () => null);
}
