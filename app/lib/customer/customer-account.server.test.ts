import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  accessTokenFor as signInFor,
  startCustomerAccountEmulator,
} from "../../../tests/support/customer-account-emulator";
import { createMemoryCache } from "../../../tests/support/server-parts";
import { GraphqlRequestError } from "../graphql/transport.server";
import { certificatesFrom } from "../training/certificates";
import { customerAccount } from "./account.server";
import {
  CUSTOMER_ACCOUNT_API_VERSION,
  type CustomerAccountClient,
  createCustomerAccountClient,
  customerAccountApiUrl,
} from "./customer-account.server";
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
import { ORDER_QUERY } from "./operations/orders";

let emulator: Awaited<ReturnType<typeof startCustomerAccountEmulator>>;
let api: CustomerAccountClient;

beforeAll(async () => {
  emulator = await startCustomerAccountEmulator();
  api = createCustomerAccountClient({
    apiUrl: customerAccountApiUrl(emulator.issuer),
    timeoutMs: 5000,
  });
});

afterAll(async () => {
  await emulator.close();
});

const accessTokenFor = (email: string, target = emulator) => signInFor(target, email);

const validAddress = {
  firstName: "Olivia",
  lastName: "Bennett",
  address1: "5 Marine Parade",
  city: "Coolangatta",
  zoneCode: "QLD",
  territoryCode: "AU",
  zip: "4225",
  phoneNumber: "0412 345 678",
};

test("the API URL follows Shopify's path shape and pinned version", () => {
  expect(customerAccountApiUrl("https://shopify.com/12345/")).toBe(
    `https://shopify.com/12345/account/customer/api/${CUSTOMER_ACCOUNT_API_VERSION}/graphql`,
  );
});

describe("signed-in customer", () => {
  test("reads the customer, default address, metafields and the first page of orders", async () => {
    const accessToken = await accessTokenFor("olivia.bennett@example.com");
    const { customer } = await api.request(CUSTOMER_QUERY, {
      accessToken,
      variables: { ordersFirst: ORDERS_PAGE_SIZE },
    });

    expect(customer.id).toBe("gid://shopify/Customer/1001");
    expect(customer.displayName).toBe("Olivia Bennett");
    expect(customer.emailAddress?.emailAddress).toBe("olivia.bennett@example.com");
    expect(customer.defaultAddress?.formatted).toEqual([
      "Olivia Bennett",
      "14 Seabreeze Crescent",
      "Burleigh Heads QLD 4220",
      "Australia",
    ]);
    expect(customer.addresses.nodes).toHaveLength(2);
    expect(customer.metafields.every((metafield) => metafield === null)).toBe(true);

    const firstPage = customer.orders.nodes;
    expect(firstPage).toHaveLength(10);
    expect(customer.orders.pageInfo.hasNextPage).toBe(true);
    const processed = firstPage.map((order) => order.processedAt);
    expect(processed).toEqual([...processed].sort().reverse());

    const { customer: more } = await api.request(CUSTOMER_ORDERS_QUERY, {
      accessToken,
      variables: { first: ORDERS_PAGE_SIZE, after: customer.orders.pageInfo.endCursor },
    });
    expect(more.orders.nodes).toHaveLength(5);
    expect(more.orders.pageInfo.hasNextPage).toBe(false);
    const ids = [...firstPage, ...more.orders.nodes].map((order) => order.id);
    expect(new Set(ids).size).toBe(15);
  });

  test("reads role and course metafields in the formats product §5 describes", async () => {
    const trainee = await api.request(CUSTOMER_QUERY, {
      accessToken: await accessTokenFor("liam.oconnor@example.com"),
      variables: { ordersFirst: 1 },
    });
    const values = Object.fromEntries(
      trainee.customer.metafields
        .filter((metafield) => metafield !== null)
        .map((metafield) => [metafield.key, metafield.value]),
    );
    expect(JSON.parse(values.all_courses_completed ?? "")).toContain(
      "Pool Operations Certificate|2025-08-15",
    );
    expect(JSON.parse(values.courses_passed ?? "")).toContain("Pump and Filter Servicing Hands-on");
    expect(values.courses_attempted).toBe(
      "Commercial Pool Plant Room Training, Pool Safety and Compliance Workshop",
    );
    expect(values.available_online_courses).toBe("Spa Maintenance Basics|2026-09-01");

    const commercial = await api.request(CUSTOMER_QUERY, {
      accessToken: await accessTokenFor("marcus@reid-aquatic.example.com"),
      variables: { ordersFirst: 1 },
    });
    expect(commercial.customer.metafields).toContainEqual({
      namespace: "custom",
      key: "commercial_access",
      type: "boolean",
      value: "true",
    });
  });

  test("puts the course metafields on the profile, where they become certificates", async () => {
    const session = {
      accessToken: await accessTokenFor("liam.oconnor@example.com"),
      customerId: "liam",
    };
    const account = customerAccount({ customerAccount: api, cache: createMemoryCache() }, session);
    const { courses } = await account.profile();
    expect(courses.availableOnlineCourses).toBe("Spa Maintenance Basics|2026-09-01");
    const certificates = certificatesFrom(courses, [], "2026-05-20");
    expect(certificates.filter((c) => c.status === "completed")).toHaveLength(4);
    expect(certificates.filter((c) => c.status === "in_progress")).toHaveLength(2);
  });

  test("reads an order of its own with lines, totals and addresses", async () => {
    const accessToken = await accessTokenFor("olivia.bennett@example.com");
    const { customer } = await api.request(CUSTOMER_QUERY, {
      accessToken,
      variables: { ordersFirst: 1 },
    });
    const latest = customer.orders.nodes[0];
    if (!latest) throw new Error("Olivia has orders");
    const { order } = await api.request(ORDER_QUERY, { accessToken, variables: { id: latest.id } });
    if (!order) throw new Error("the customer's own order must be readable");

    expect(order.name).toBe(latest.name);
    expect(order.lineItems.nodes.length).toBeGreaterThan(0);
    const cents = (amount: string | undefined) => Math.round(Number(amount) * 100);
    const lineTotal = order.lineItems.nodes.reduce(
      (sum, line) => sum + cents(line.totalPrice?.amount),
      0,
    );
    expect(lineTotal).toBe(cents(order.subtotal?.amount));
    expect(cents(order.subtotal?.amount) + cents(order.totalShipping.amount)).toBe(
      cents(order.totalPrice.amount),
    );
    expect(order.totalPrice.currencyCode).toBe("AUD");
    expect(order.shippingAddress?.formatted.at(-1)).toBe("Australia");
  });

  test("updates the customer's name", async () => {
    const accessToken = await accessTokenFor("sophie.harrington@example.com");
    const { customerUpdate } = await api.request(CUSTOMER_UPDATE_MUTATION, {
      accessToken,
      variables: { input: { firstName: "Sophia", lastName: "Harrington" } },
    });
    expect(customerUpdate?.userErrors).toEqual([]);
    expect(customerUpdate?.customer?.displayName).toBe("Sophia Harrington");

    const rejected = await api.request(CUSTOMER_UPDATE_MUTATION, {
      accessToken,
      variables: { input: { firstName: "<b>Sophie</b>" } },
    });
    expect(rejected.customerUpdate?.userErrors).toEqual([
      expect.objectContaining({ code: "CONTAINS_HTML_TAGS", field: ["input", "firstName"] }),
    ]);
  });
});

describe("addresses", () => {
  test("creates an address, makes it the default, then deletes the old one", async () => {
    const accessToken = await accessTokenFor("sophie.harrington@example.com");
    const created = await api.request(CUSTOMER_ADDRESS_CREATE_MUTATION, {
      accessToken,
      variables: {
        address: { ...validAddress, firstName: "Sophie", lastName: "Harrington" },
        defaultAddress: false,
      },
    });
    expect(created.customerAddressCreate?.userErrors).toEqual([]);
    const address = created.customerAddressCreate?.customerAddress;
    expect(address?.phoneNumber).toBe("+61412345678");
    expect(address?.formatted).toEqual([
      "Sophie Harrington",
      "5 Marine Parade",
      "Coolangatta QLD 4225",
      "Australia",
    ]);

    const duplicate = await api.request(CUSTOMER_ADDRESS_CREATE_MUTATION, {
      accessToken,
      variables: { address: { ...validAddress, firstName: "Sophie", lastName: "Harrington" } },
    });
    expect(duplicate.customerAddressCreate?.userErrors[0]?.code).toBe(
      "CUSTOMER_ADDRESS_ALREADY_EXISTS",
    );

    const before = await api.request(CUSTOMER_QUERY, {
      accessToken,
      variables: { ordersFirst: 1 },
    });
    const oldDefaultId = before.customer.defaultAddress?.id ?? "";
    const refused = await api.request(CUSTOMER_ADDRESS_DELETE_MUTATION, {
      accessToken,
      variables: { addressId: oldDefaultId },
    });
    expect(refused.customerAddressDelete?.userErrors[0]?.code).toBe(
      "DELETING_CUSTOMER_DEFAULT_ADDRESS_NOT_ALLOWED",
    );

    const newId = address?.id ?? "";
    const updated = await api.request(CUSTOMER_ADDRESS_UPDATE_MUTATION, {
      accessToken,
      variables: { addressId: newId, defaultAddress: true },
    });
    expect(updated.customerAddressUpdate?.userErrors).toEqual([]);

    const deleted = await api.request(CUSTOMER_ADDRESS_DELETE_MUTATION, {
      accessToken,
      variables: { addressId: oldDefaultId },
    });
    expect(deleted.customerAddressDelete).toEqual({
      deletedAddressId: oldDefaultId,
      userErrors: [],
    });

    const after = await api.request(CUSTOMER_QUERY, { accessToken, variables: { ordersFirst: 1 } });
    expect(after.customer.defaultAddress?.id).toBe(newId);
    expect(after.customer.addresses.nodes.map((node) => node.id)).toEqual([newId]);
  });

  test("validation errors come back as userErrors with field paths", async () => {
    const accessToken = await accessTokenFor("olivia.bennett@example.com");
    const create = (address: Record<string, string>) =>
      api.request(CUSTOMER_ADDRESS_CREATE_MUTATION, { accessToken, variables: { address } });

    const missingState = await create({ ...validAddress, zoneCode: "" });
    expect(missingState.customerAddressCreate).toEqual({
      customerAddress: null,
      userErrors: [
        {
          code: "ZONE_CODE_MISSING",
          field: ["address", "zoneCode"],
          message: "Select a state/territory",
        },
      ],
    });

    const several = await create({
      ...validAddress,
      address1: "",
      zip: "42250",
      firstName: "x".repeat(256),
    });
    expect(
      several.customerAddressCreate?.userErrors.map((error) => [error.code, error.field]),
    ).toEqual([
      ["TOO_LONG", ["address", "firstName"]],
      ["ADDRESS1_MISSING", ["address", "address1"]],
      ["INVALID_FOR_COUNTRY", ["address", "zip"]],
    ]);

    const wrongState = await create({ ...validAddress, zip: "2000" });
    expect(wrongState.customerAddressCreate?.userErrors).toEqual([
      {
        code: "INVALID_FOR_COUNTRY_AND_PROVINCE",
        field: ["address", "zip"],
        message: "Enter a valid postcode for Queensland",
      },
    ]);

    const nowhere = await create({ ...validAddress, territoryCode: "XX" });
    expect(nowhere.customerAddressCreate?.userErrors[0]).toMatchObject({
      code: "INVALID_TERRITORY_CODE",
      field: ["address", "territoryCode"],
    });

    const after = await api.request(CUSTOMER_QUERY, { accessToken, variables: { ordersFirst: 1 } });
    expect(after.customer.addresses.nodes).toHaveLength(2);
  });

  test("another customer's address or order looks exactly like one that does not exist", async () => {
    const olivia = await accessTokenFor("olivia.bennett@example.com");
    const marcus = await accessTokenFor("marcus@reid-aquatic.example.com");
    const marcusData = await api.request(CUSTOMER_QUERY, {
      accessToken: marcus,
      variables: { ordersFirst: 1 },
    });
    const marcusAddressId = marcusData.customer.addresses.nodes[1]?.id ?? "";
    const marcusOrderId = marcusData.customer.orders.nodes[0]?.id ?? "";
    expect(marcusAddressId).not.toBe("");
    expect(marcusOrderId).not.toBe("");

    const { order } = await api.request(ORDER_QUERY, {
      accessToken: olivia,
      variables: { id: marcusOrderId },
    });
    expect(order).toBeNull();

    const deletion = await api.request(CUSTOMER_ADDRESS_DELETE_MUTATION, {
      accessToken: olivia,
      variables: { addressId: marcusAddressId },
    });
    expect(deletion.customerAddressDelete).toEqual({
      deletedAddressId: null,
      userErrors: [
        {
          code: "ADDRESS_ID_DOES_NOT_EXIST",
          field: ["addressId"],
          message: "Address does not exist",
        },
      ],
    });

    const update = await api.request(CUSTOMER_ADDRESS_UPDATE_MUTATION, {
      accessToken: olivia,
      variables: { addressId: marcusAddressId, address: { city: "Gone" }, defaultAddress: true },
    });
    expect(update.customerAddressUpdate?.userErrors[0]?.code).toBe("ADDRESS_ID_DOES_NOT_EXIST");

    const stillThere = await api.request(CUSTOMER_QUERY, {
      accessToken: marcus,
      variables: { ordersFirst: 1 },
    });
    expect(stillThere.customer.addresses.nodes.map((address) => address.id)).toContain(
      marcusAddressId,
    );
    expect(stillThere.customer.defaultAddress?.id).not.toBe(marcusAddressId);
  });
});

describe("failures", () => {
  test("sends the bare token and the app's origin, as Shopify expects", async () => {
    const sent: Headers[] = [];
    const client = createCustomerAccountClient({
      apiUrl: customerAccountApiUrl(emulator.issuer),
      origin: "https://lagoon.example",
      userAgent: "Lagoon",
      fetch: (input, init) => {
        sent.push(new Headers(init?.headers));
        return fetch(input, init);
      },
    });
    await expect(
      client.request(CUSTOMER_QUERY, { accessToken: "shcat_x", variables: { ordersFirst: 1 } }),
    ).rejects.toThrow();
    expect(sent[0]?.get("authorization")).toBe("shcat_x");
    expect(sent[0]?.get("origin")).toBe("https://lagoon.example");
    expect(sent[0]?.get("user-agent")).toBe("Lagoon");
  });

  test("an expired access token is refused as unauthorized", async () => {
    // Token times are whole seconds: with a 2 s lifetime the token is good for at least 1 s.
    const shortLived = await startCustomerAccountEmulator({ accessTokenTtlSeconds: 2 });
    try {
      const accessToken = await accessTokenFor("olivia.bennett@example.com", shortLived);
      const obtainedAt = Date.now();
      const client = createCustomerAccountClient({ apiUrl: shortLived.graphqlUrl });
      const fresh = await client.request(CUSTOMER_QUERY, {
        accessToken,
        variables: { ordersFirst: 1 },
      });
      expect(fresh.customer.id).toBe("gid://shopify/Customer/1001");

      await new Promise((resolve) => setTimeout(resolve, obtainedAt + 2100 - Date.now()));
      const error = await client
        .request(CUSTOMER_QUERY, { accessToken, variables: { ordersFirst: 1 } })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GraphqlRequestError);
      expect(error).toMatchObject({ reason: "unauthorized", upstreamStatus: 401 });
    } finally {
      await shortLived.close();
    }
  });

  test("GraphQL errors are thrown with their messages", async () => {
    const accessToken = await accessTokenFor("olivia.bennett@example.com");
    const error = await api
      .request(CUSTOMER_ORDERS_QUERY, {
        accessToken,
        variables: { first: 10, after: "not-a-cursor" },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GraphqlRequestError);
    expect(error).toMatchObject({ reason: "graphql", retryable: false });
    expect((error as GraphqlRequestError).message).toContain("Invalid cursor");
  });
});
