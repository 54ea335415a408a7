import type { GraphQLSchema } from "graphql";
import { type ConnectionArgs, paginateInOrder } from "../../shared/connection";
import { resolver } from "./context";

/** The shop, its one market, and lookups by global id. */
export function installShopResolvers(schema: GraphQLSchema): void {
  resolver<unknown>(schema, "QueryRoot", "shop", (_root, _args, { store }) => store.catalog.shop);

  // One market: Australia, in English, in the shop's currency.
  resolver<unknown>(schema, "QueryRoot", "localization", (_root, _args, { store }) => {
    const english = { isoCode: "EN", name: "English", endonymName: "English" };
    const currencyCode = store.catalog.shop.paymentSettings.currencyCode;
    const australia = {
      isoCode: "AU",
      name: "Australia",
      unitSystem: "METRIC_SYSTEM",
      currency: { isoCode: currencyCode, name: "Australian Dollar", symbol: "$" },
      defaultLanguage: english,
      availableLanguages: [english],
    };
    return {
      country: australia,
      language: english,
      availableCountries: [australia],
      availableLanguages: [english],
    };
  });

  // The shop's pickup locations, in the order the shop lists them.
  resolver<unknown>(schema, "QueryRoot", "locations", (_root, args, { store }) =>
    paginateInOrder(store.catalog.locations, args as ConnectionArgs, (location) => location.id),
  );

  resolver<unknown>(
    schema,
    "QueryRoot",
    "node",
    (_root, { id }, { store }) => store.catalog.node(id) ?? null,
  );
  resolver<unknown>(schema, "QueryRoot", "nodes", (_root, { ids }, { store }) =>
    (ids as string[]).map((id) => store.catalog.node(id) ?? null),
  );
}
