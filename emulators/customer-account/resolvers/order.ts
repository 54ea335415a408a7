import type { GraphQLSchema } from "graphql";
import { mapConnection, paginateSorted, type SortedConnectionArgs } from "../../shared/connection";
import type { Order } from "../customer-records";
import { byId, setResolver } from "./context";
import { customerNode, fulfillmentNode, lineItemNode, orderNode, record } from "./nodes";

export function installOrderResolvers(schema: GraphQLSchema): void {
  setResolver(schema, "QueryRoot", "order", async (_source, args, { customerId, store }) => {
    const order = await store.getOrder(customerId, String(args.id));
    return order ? orderNode(order) : null;
  });

  setResolver(schema, "Order", "customer", async (source, _args, { store }) => {
    const customer = await store.getCustomer((source[record] as Order).customerId);
    return customer ? customerNode(customer) : null;
  });

  setResolver(schema, "Order", "lineItems", (source, args, { origin }) => {
    const order = source[record] as Order;
    return mapConnection(
      paginateSorted(order.lineItems, args as SortedConnectionArgs, byId),
      (line) => lineItemNode(line, order.currencyCode, origin),
    );
  });

  setResolver(schema, "Order", "fulfillments", (source, args) => {
    const order = source[record] as Order;
    return mapConnection(
      paginateSorted(order.fulfillments, args as SortedConnectionArgs, byId),
      (fulfillment) => fulfillmentNode(fulfillment, order),
    );
  });

  setResolver(schema, "Fulfillment", "fulfillmentLineItems", (source, args, { origin }) => {
    const order = source[record] as Order;
    return mapConnection(
      paginateSorted(order.lineItems, args as SortedConnectionArgs, byId),
      (line) => ({
        __typename: "FulfillmentLineItem",
        id: line.id.replace("LineItem", "FulfillmentLineItem"),
        quantity: line.quantity,
        lineItem: lineItemNode(line, order.currencyCode, origin),
      }),
    );
  });

  setResolver(schema, "Fulfillment", "events", (_source, args) =>
    paginateSorted([], args as SortedConnectionArgs, byId),
  );
}
