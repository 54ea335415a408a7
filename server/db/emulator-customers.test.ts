import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoCustomerStore } from "../../emulators/customer-account";
import {
  accessTokenFor,
  startCustomerAccountEmulator,
} from "../../tests/support/customer-account-emulator";
import {
  postgresAvailable,
  requireServiceInCi,
  throwawayPostgresDatabase,
} from "../../tests/support/services";
import { createDatabaseCustomerStorage } from "./emulator-customers";
import { type DatabaseHandle, openDatabase } from "./index";

// Embedded customer accounts live in the app's database: what a customer changes through the
// Customer Account GraphQL API, and the orders the storefront emulator's checkout places, are
// still there when the emulator (the app's server) starts again on the same database.

const OLIVIA = { id: "gid://shopify/Customer/1001", email: "olivia.bennett@example.com" };
const HER_SECOND_ADDRESS = "gid://shopify/CustomerAddress/2002";
const LINE = { title: "Cheetham Pool Salt 20 kg", quantity: 2, price: "19.90" };
const address = (address1: string) => ({
  firstName: "Olivia",
  lastName: "Bennett",
  company: null,
  address1,
  address2: null,
  city: "Brisbane",
  zoneCode: "QLD",
  territoryCode: "AU",
  zip: "4000",
  phoneNumber: null,
});

/** The emulator on a real HTTP server, its customers in `handle`'s database. */
async function startOn(handle: DatabaseHandle) {
  const target = await startCustomerAccountEmulator({
    storage: createDatabaseCustomerStorage(handle.db),
  });
  const token = await accessTokenFor(target, OLIVIA.email);
  // biome-ignore lint/suspicious/noExplicitAny: answers are inspected ad hoc
  const graphql = async (query: string, variables: Record<string, unknown> = {}): Promise<any> => {
    const response = await fetch(target.graphqlUrl, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({ query, variables }),
    });
    const body = await response.json();
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  return { ...target, graphql };
}

const ACCOUNT = `query {
  customer {
    firstName
    lastName
    defaultAddress { id address1 }
    addresses(first: 10) { nodes { id } }
    orders(first: 50, sortKey: ORDER_NUMBER, reverse: true) { nodes { id number } }
  }
}`;

function defineRestartSuite(reopen: () => Promise<DatabaseHandle>) {
  it("keeps a changed name, addresses, the default address and placed orders across a restart", async () => {
    const firstHandle = await reopen();
    const first = await startOn(firstHandle);
    let before: { addressId: string; orderNumber: number };
    try {
      const renamed = await first.graphql(
        `mutation($input: CustomerUpdateInput!) {
          customerUpdate(input: $input) { customer { firstName lastName } userErrors { message } }
        }`,
        { input: { firstName: "Liv", lastName: "Bennett-Ray" } },
      );
      expect(renamed.customerUpdate.userErrors).toEqual([]);
      const created = await first.graphql(
        `mutation($address: CustomerAddressInput!) {
          customerAddressCreate(address: $address, defaultAddress: true) {
            customerAddress { id } userErrors { message }
          }
        }`,
        {
          address: {
            firstName: "Liv",
            lastName: "Bennett-Ray",
            address1: "7 Esplanade",
            city: "Cairns",
            zoneCode: "QLD",
            territoryCode: "AU",
            zip: "4870",
          },
        },
      );
      expect(created.customerAddressCreate.userErrors).toEqual([]);
      const deleted = await first.graphql(
        `mutation($id: ID!) {
          customerAddressDelete(addressId: $id) { deletedAddressId userErrors { message } }
        }`,
        { id: HER_SECOND_ADDRESS },
      );
      expect(deleted.customerAddressDelete.deletedAddressId).toBe(HER_SECOND_ADDRESS);
      // What the storefront emulator's checkout does with a signed-in customer's order.
      const placed = await first.store.addOrder(OLIVIA.id, { lineItems: [LINE] });
      before = {
        addressId: created.customerAddressCreate.customerAddress.id,
        orderNumber: placed.number,
      };
    } finally {
      await first.close();
      await firstHandle.close();
    }

    const secondHandle = await reopen();
    const second = await startOn(secondHandle);
    try {
      const { customer } = await second.graphql(ACCOUNT);
      expect(customer.firstName).toBe("Liv");
      expect(customer.lastName).toBe("Bennett-Ray");
      expect(customer.defaultAddress).toEqual({ id: before.addressId, address1: "7 Esplanade" });
      expect(customer.addresses.nodes.map((node: { id: string }) => node.id)).toEqual([
        "gid://shopify/CustomerAddress/2001",
        before.addressId,
      ]);
      expect(customer.orders.nodes[0].number).toBe(before.orderNumber);
      expect(customer.orders.nodes).toHaveLength(16);

      // The numbers go on from where they were: nothing is handed out twice.
      const next = await second.store.addOrder(OLIVIA.id, { lineItems: [LINE] });
      expect(next.number).toBe(before.orderNumber + 1);
      const another = await second.store.createAddress(OLIVIA.id, address("1 Other Street"));
      expect(another?.id).not.toBe(before.addressId);
    } finally {
      await second.close();
      await secondHandle.close();
    }
    // Opening PGlite twice takes seconds on a busy machine.
  }, 60_000);

  it("loses no change when two app processes change one customer at once", async () => {
    const handle = await reopen();
    try {
      const processes = [
        await createDemoCustomerStore(undefined, createDatabaseCustomerStorage(handle.db)),
        await createDemoCustomerStore(undefined, createDatabaseCustomerStorage(handle.db)),
      ];
      const before = (await processes[0]?.getCustomer(OLIVIA.id))?.addresses.length ?? 0;
      const created = await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          processes[n % 2]?.createAddress(OLIVIA.id, address(`${n + 1} Parallel Street`)),
        ),
      );
      expect(new Set(created.map((address) => address?.id)).size).toBe(10);
      const after = await processes[1]?.getCustomer(OLIVIA.id);
      expect(after?.addresses).toHaveLength(before + 10);
    } finally {
      await handle.close();
    }
  }, 60_000);
}

describe("embedded customer accounts on PGlite, reopened on the same directory", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "lagoon-customers-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  defineRestartSuite(() => openDatabase({ dataDir }));
});

const postgres = await postgresAvailable();

describe.runIf(requireServiceInCi(postgres))(
  "embedded customer accounts on PostgreSQL, reconnected",
  () => {
    const database = throwawayPostgresDatabase("lagoon_customers");
    beforeAll(() => database.create());
    afterAll(() => database.drop());
    defineRestartSuite(() => openDatabase({ databaseUrl: database.url, dataDir: "unused" }));
  },
);
