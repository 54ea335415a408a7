import type { GraphQLSchema } from "graphql";
import { mapConnection, paginateSorted, type SortedConnectionArgs } from "../../shared/connection";
import { type Customer, gidNumber, type Order } from "../customer-records";
import { toCents } from "../order-totals";
import { byId, setResolver } from "./context";
import { addressNode, customerNode, orderNode, record } from "./nodes";

export function installCustomerResolvers(schema: GraphQLSchema): void {
  setResolver(schema, "QueryRoot", "customer", async (_source, _args, { customerId, store }) => {
    const customer = await store.getCustomer(customerId);
    if (!customer) throw new Error("Customer not found");
    return customerNode(customer);
  });

  setResolver(schema, "Customer", "addresses", (source, args) => {
    const customer = source[record] as Customer;
    const addresses = args.skipDefault
      ? customer.addresses.filter((address) => address.id !== customer.defaultAddressId)
      : customer.addresses;
    return paginateSorted(addresses.map(addressNode), args as SortedConnectionArgs, byId);
  });

  setResolver(schema, "Customer", "orders", async (source, args, { store }) => {
    const customer = source[record] as Customer;
    const orders = await store.listOrders(customer.id);
    const sortKey = (args.sortKey as keyof typeof orderSortValues | undefined) ?? "ID";
    const value = orderSortValues[sortKey];
    const connection = paginateSorted(orders, args as SortedConnectionArgs, {
      value,
      id: (order) => gidNumber(order.id),
    });
    return mapConnection(connection, orderNode);
  });

  setResolver(
    schema,
    "Mutation",
    "customerUpdate",
    async (_source, args, { customerId, store }) => {
      const input = (args.input ?? {}) as { firstName?: string | null; lastName?: string | null };
      const userErrors = validateCustomerName(input);
      if (userErrors.length > 0) return { customer: null, userErrors };
      const clean = (value: string | null | undefined) =>
        value === undefined ? undefined : value?.trim() || null;
      const customer = await store.updateCustomerName(customerId, {
        firstName: clean(input.firstName),
        lastName: clean(input.lastName),
      });
      return { customer: customer ? customerNode(customer) : null, userErrors: [] };
    },
  );
}

const orderSortValues = {
  ID: (order: Order) => gidNumber(order.id),
  CREATED_AT: (order: Order) => Date.parse(order.processedAt),
  PROCESSED_AT: (order: Order) => Date.parse(order.processedAt),
  UPDATED_AT: (order: Order) => Date.parse(order.updatedAt),
  ORDER_NUMBER: (order: Order) => order.number,
  TOTAL_PRICE: (order: Order) => toCents(order.totalPrice),
};

const MAX_NAME_LENGTH = 255;

function validateCustomerName(input: { firstName?: string | null; lastName?: string | null }) {
  const errors: { code: string; field: string[]; message: string }[] = [];
  if (input.firstName === undefined && input.lastName === undefined) {
    errors.push({
      code: "CUSTOMER_INPUT_ARGUMENT_EMPTY",
      field: ["input"],
      message: "Enter a first or last name",
    });
  }
  for (const [field, label] of [
    ["firstName", "First name"],
    ["lastName", "Last name"],
  ] as const) {
    const value = input[field]?.trim();
    if (!value) continue;
    if (/<\/?[a-z][^>]*>/i.test(value)) {
      errors.push({
        code: "CONTAINS_HTML_TAGS",
        field: ["input", field],
        message: `${label} cannot contain HTML tags`,
      });
    } else if (/https?:\/\/|www\./i.test(value)) {
      errors.push({
        code: "CONTAINS_URL",
        field: ["input", field],
        message: `${label} cannot contain a URL`,
      });
    } else if (value.length > MAX_NAME_LENGTH) {
      errors.push({
        code: "TOO_LONG",
        field: ["input", field],
        message: `${label} is too long (maximum is ${MAX_NAME_LENGTH} characters)`,
      });
    }
  }
  return errors;
}
