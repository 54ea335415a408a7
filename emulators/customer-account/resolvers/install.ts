import type { GraphQLSchema } from "graphql";
import { installCustomerResolvers } from "./customer";
import { installCustomerAddressResolvers } from "./customer-address";
import { installMetafieldResolvers } from "./metafields";
import { installOrderResolvers } from "./order";
import { installShopResolvers } from "./shop";

export function installCustomerAccountResolvers(schema: GraphQLSchema): void {
  installCustomerResolvers(schema);
  installCustomerAddressResolvers(schema);
  installOrderResolvers(schema);
  installShopResolvers(schema);
  installMetafieldResolvers(schema);
}
