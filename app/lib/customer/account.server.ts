import { z } from "zod";
import type { Cache } from "../cache";
import { GraphqlRequestError } from "../graphql/transport.server";
import type { CourseMetafields } from "../training/certificates";
import type { CustomerAccountClient } from "./customer-account.server";
import {
  CUSTOMER_ADDRESS_CREATE_MUTATION,
  CUSTOMER_ADDRESS_DELETE_MUTATION,
  CUSTOMER_ADDRESS_UPDATE_MUTATION,
} from "./operations/addresses";
import {
  CUSTOMER_ORDERS_QUERY,
  CUSTOMER_QUERY,
  CUSTOMER_UPDATE_MUTATION,
  ORDERS_PAGE_SIZE,
} from "./operations/customer";
import type {
  CustomerAddressFragment,
  CustomerQuery,
  OrderQuery,
  OrderSummaryFragment,
} from "./operations/customer-account.generated";
import { ORDER_QUERY } from "./operations/orders";
import type { CustomerSession } from "./session.server";

/** product §8's customer messages. */
export const CUSTOMER_ERRORS = {
  fetch: "Failed to fetch customer data",
  updateName: "Failed to update name",
  invalidAddressId: "Invalid address ID",
  deleteAddress: "Failed to delete address",
  setDefault: "Failed to set default address",
  orders: "Failed to fetch order details",
  noToken: "No access token found",
  invalidToken: "Invalid or expired access token",
} as const;

/** A failure the caller shows as is: the spec's message, an HTTP status and, for forms, a field. */
export class CustomerActionError extends Error {
  override name = "CustomerActionError";
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

export type Address = CustomerAddressFragment;
export type OrderSummary = OrderSummaryFragment;
export type OrderDetail = NonNullable<OrderQuery["order"]>;

export interface CustomerProfile {
  id: string;
  firstName: string;
  lastName: string;
  displayName: string;
  email: string | null;
  defaultAddressId: string | null;
  addresses: Address[];
  orders: OrderSummary[];
  ordersPage: { hasNextPage: boolean; endCursor: string | null };
  /** product §6: `custom.commercial_access` / `custom.vip_access` equal to "true". */
  commercial: boolean;
  vip: boolean;
  /** product §3: the course progress behind certificates, raw (read by `certificatesFrom`). */
  courses: CourseMetafields;
  metafields: Record<string, string>;
}

/** product §9: customer data is cached for 5 minutes, per customer, never shared between them. */
export const CUSTOMER_CACHE = { ttlSeconds: 5 * 60 };

const customerKey = (subject: string) => `customer:${subject}`;

function reshapeCustomer(customer: NonNullable<CustomerQuery["customer"]>): CustomerProfile {
  const metafields = Object.fromEntries(
    customer.metafields.flatMap((field) => (field ? [[field.key, field.value]] : [])),
  );
  return {
    id: customer.id,
    firstName: customer.firstName ?? "",
    lastName: customer.lastName ?? "",
    displayName: customer.displayName,
    email: customer.emailAddress?.emailAddress ?? null,
    defaultAddressId: customer.defaultAddress?.id ?? null,
    addresses: customer.addresses.nodes,
    orders: customer.orders.nodes,
    ordersPage: customer.orders.pageInfo,
    commercial: metafields.commercial_access === "true",
    vip: metafields.vip_access === "true",
    courses: {
      allCoursesCompleted: metafields.all_courses_completed,
      coursesPassed: metafields.courses_passed,
      coursesAttempted: metafields.courses_attempted,
      availableOnlineCourses: metafields.available_online_courses,
    },
    metafields,
  };
}

export interface CustomerAccount {
  profile(): Promise<CustomerProfile>;
  ordersAfter(
    cursor: string,
  ): Promise<{ orders: OrderSummary[]; pageInfo: CustomerProfile["ordersPage"] }>;
  order(id: string): Promise<OrderDetail | null>;
  updateName(input: unknown): Promise<void>;
  addAddress(input: unknown): Promise<Address>;
  deleteAddress(addressId: unknown): Promise<void>;
  setDefaultAddress(addressId: unknown): Promise<void>;
}

const NameSchema = z.object({
  firstName: z.string().trim().min(1, "Enter your first name").max(255),
  lastName: z.string().trim().min(1, "Enter your last name").max(255),
});

export const AddressSchema = z.object({
  firstName: z.string().trim().max(255).optional(),
  lastName: z.string().trim().max(255).optional(),
  company: z.string().trim().max(255).optional(),
  address1: z
    .string({ error: "Enter a street address" })
    .trim()
    .min(1, "Enter a street address")
    .max(255),
  address2: z.string().trim().max(255).optional(),
  city: z
    .string({ error: "Enter a suburb or city" })
    .trim()
    .min(1, "Enter a suburb or city")
    .max(255),
  zoneCode: z.string().trim().max(10).optional(),
  territoryCode: z
    .string({ error: "Choose a country" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Choose a country"),
  zip: z.string().trim().max(20).optional(),
  phoneNumber: z.string().trim().max(30).optional(),
  defaultAddress: z.boolean().optional(),
});

const AddressIdSchema = z.string().trim().min(1);

function emptyToUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [key, entry === "" ? undefined : entry]),
  ) as T;
}

/**
 * The signed-in customer's account, through the Customer Account API with their own token, so
 * every read and change is scoped to them by the API itself: another customer's address or order
 * id is simply not found.
 */
export function customerAccount(
  { customerAccount: client, cache }: { customerAccount: CustomerAccountClient; cache: Cache },
  session: Pick<CustomerSession, "accessToken" | "customerId">,
): CustomerAccount {
  const accessToken = session.accessToken;
  // The session's own customer, from the record that holds this very token (issue 14, finding 4).
  const key = customerKey(session.customerId);
  const forget = () => cache.delete(key);

  async function call<T>(message: string, status: number, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof CustomerActionError) throw error;
      if (error instanceof GraphqlRequestError && error.reason === "unauthorized") {
        throw new CustomerActionError(CUSTOMER_ERRORS.invalidToken, 401);
      }
      throw new CustomerActionError(message, status);
    }
  }

  const fetchProfile = async () => {
    const data = await client.request(CUSTOMER_QUERY, {
      accessToken,
      variables: { ordersFirst: ORDERS_PAGE_SIZE },
    });
    if (!data.customer) throw new CustomerActionError(CUSTOMER_ERRORS.fetch, 502);
    return reshapeCustomer(data.customer);
  };

  return {
    profile: () =>
      call(CUSTOMER_ERRORS.fetch, 502, () => cache.fetch(key, fetchProfile, CUSTOMER_CACHE)),

    ordersAfter: (cursor) =>
      call(CUSTOMER_ERRORS.fetch, 502, async () => {
        // A cursor is opaque but never long or spaced; one the API refuses (a GraphQL error, not
        // a failure to answer) came from the client, not from a page of ours: 400, not 502.
        if (!/^[A-Za-z0-9+/=_-]{1,512}$/.test(cursor)) {
          throw new CustomerActionError(CUSTOMER_ERRORS.fetch, 400, "after");
        }
        try {
          const data = await client.request(CUSTOMER_ORDERS_QUERY, {
            accessToken,
            variables: { first: ORDERS_PAGE_SIZE, after: cursor },
          });
          return { orders: data.customer.orders.nodes, pageInfo: data.customer.orders.pageInfo };
        } catch (error) {
          if (error instanceof GraphqlRequestError && error.reason === "graphql") {
            throw new CustomerActionError(CUSTOMER_ERRORS.fetch, 400, "after");
          }
          throw error;
        }
      }),

    order: (id) =>
      call(CUSTOMER_ERRORS.orders, 502, async () => {
        const data = await client.request(ORDER_QUERY, { accessToken, variables: { id } });
        return data.order ?? null;
      }),

    updateName: (input) =>
      call(CUSTOMER_ERRORS.updateName, 502, async () => {
        const parsed = NameSchema.safeParse(input);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new CustomerActionError(
            CUSTOMER_ERRORS.updateName,
            400,
            String(issue?.path[0] ?? ""),
          );
        }
        const data = await client.request(CUSTOMER_UPDATE_MUTATION, {
          accessToken,
          variables: { input: parsed.data },
        });
        if (!data.customerUpdate || data.customerUpdate.userErrors.length > 0) {
          throw new CustomerActionError(CUSTOMER_ERRORS.updateName, 422);
        }
        await forget();
      }),

    addAddress: (input) =>
      call("Failed to add address", 502, async () => {
        const parsed = AddressSchema.safeParse(
          typeof input === "object" && input
            ? emptyToUndefined(input as Record<string, unknown>)
            : input,
        );
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new CustomerActionError(
            issue?.message ?? "Invalid address",
            400,
            String(issue?.path[0] ?? ""),
          );
        }
        const { defaultAddress, ...address } = parsed.data;
        const data = await client.request(CUSTOMER_ADDRESS_CREATE_MUTATION, {
          accessToken,
          variables: { address, defaultAddress: defaultAddress ?? false },
        });
        const userError = data.customerAddressCreate?.userErrors[0];
        if (userError) {
          throw new CustomerActionError(
            userError.message,
            422,
            userError.field?.at(-1) ?? undefined,
          );
        }
        const created = data.customerAddressCreate?.customerAddress;
        if (!created) throw new CustomerActionError("Failed to add address", 502);
        await forget();
        return created;
      }),

    deleteAddress: (addressId) =>
      call(CUSTOMER_ERRORS.deleteAddress, 502, async () => {
        const id = AddressIdSchema.safeParse(addressId);
        if (!id.success)
          throw new CustomerActionError(CUSTOMER_ERRORS.invalidAddressId, 400, "addressId");
        const data = await client.request(CUSTOMER_ADDRESS_DELETE_MUTATION, {
          accessToken,
          variables: { addressId: id.data },
        });
        const userError = data.customerAddressDelete?.userErrors[0];
        if (userError || !data.customerAddressDelete?.deletedAddressId) {
          const missing = userError?.code === "ADDRESS_ID_DOES_NOT_EXIST";
          throw new CustomerActionError(
            CUSTOMER_ERRORS.deleteAddress,
            missing ? 404 : 422,
            "addressId",
          );
        }
        await forget();
      }),

    setDefaultAddress: (addressId) =>
      call(CUSTOMER_ERRORS.setDefault, 502, async () => {
        const id = AddressIdSchema.safeParse(addressId);
        if (!id.success)
          throw new CustomerActionError(CUSTOMER_ERRORS.invalidAddressId, 400, "addressId");
        const data = await client.request(CUSTOMER_ADDRESS_UPDATE_MUTATION, {
          accessToken,
          variables: { addressId: id.data, defaultAddress: true },
        });
        const userError = data.customerAddressUpdate?.userErrors[0];
        if (userError || !data.customerAddressUpdate?.customerAddress) {
          const missing = userError?.code === "ADDRESS_ID_DOES_NOT_EXIST";
          throw new CustomerActionError(
            CUSTOMER_ERRORS.setDefault,
            missing ? 404 : 422,
            "addressId",
          );
        }
        await forget();
      }),
  };
}
