import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type { Customer, CustomerStore } from "./customer-records";
import type { CustomerStorage } from "./customer-storage";
import { createDemoCustomerStore } from "./demo-customers";
import { createGraphqlHandler } from "./graphql-http";
import { getCustomerAccountSchema } from "./graphql-schema";
import { createIdentityProvider, type EmulatorClient } from "./identity-provider";
import { renderExpiredInteractionPage, renderSignInPage } from "./pages";

export type {
  AddressFields,
  Customer,
  CustomerAddress,
  CustomerStore,
  DemoCustomerSummary,
  NewOrder,
  NewOrderLineItem,
  Order,
} from "./customer-records";
export type { CustomerCounter, CustomerStorage, StoredCustomer } from "./customer-storage";
export { createMemoryCustomerStorage } from "./customer-storage";
export { createCustomerStore } from "./customer-store";
export { createDemoCustomerStore } from "./demo-customers";
export { CUSTOMER_ACCOUNT_SCOPE, customerApiResource } from "./identity-provider";

export interface CustomerAccountEmulatorOptions {
  /** Absolute URL where the router is mounted, e.g. `http://localhost:3000/_emulators/customer-account`. */
  issuer: string;
  clients: EmulatorClient[];
  /** Default 3600; tests use a few seconds to exercise refresh. */
  accessTokenTtlSeconds?: number;
  /** Default: a store seeded from `demo/customers/`, kept in `storage`. */
  store?: CustomerStore;
  /**
   * Mounts the test suites' control `POST /_test/revoke-grants` ({ email }): ends every grant of
   * that customer, so their refresh tokens are refused. Never on a shop visitors can reach.
   */
  testControls?: boolean;
  /**
   * Where the default store keeps customers and orders (server/db/emulator-customers.ts on the
   * app's database in embedded mode); in memory by default.
   */
  storage?: CustomerStorage;
  /** Signs access tokens with a key derived from it (identity-provider.ts); the shop's SESSION_SECRET. */
  signingSecret?: string;
}

export interface CustomerAccountEmulator {
  router: Router;
  store: CustomerStore;
  /**
   * The customer signed in at the emulator in this browser (its session cookie), as Shopify's
   * checkout knows the customer from its own session; for the storefront emulator's checkout.
   */
  findSignedInCustomer(req: IncomingMessage, res: ServerResponse): Promise<Customer | undefined>;
  close(): Promise<void>;
}

/**
 * Shopify's Customer Account API stand-in: an OpenID Connect provider (sign-in, tokens, logout)
 * and the Customer Account GraphQL API at `<issuer>/account/customer/api/<version>/graphql`.
 */
export async function createCustomerAccountEmulator(
  options: CustomerAccountEmulatorOptions,
): Promise<CustomerAccountEmulator> {
  const issuer = options.issuer.replace(/\/$/, "");
  const issuerPath = new URL(issuer).pathname.replace(/\/$/, "");
  const store = options.store ?? (await createDemoCustomerStore(undefined, options.storage));
  const { provider, verifyAccessToken, grantAccess, revokeGrantsOf } = await createIdentityProvider(
    {
      issuer,
      clients: options.clients,
      accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
      store,
      signingSecret: options.signingSecret,
    },
  );

  const router = express.Router();
  // Body parsers stay on these routes: the provider reads its own request bodies.
  const signInForm = express.urlencoded({ extended: false, limit: "10kb" });

  const renderSignIn = async (uid: string, form: { email?: string; error?: string } = {}) =>
    renderSignInPage({
      loginAction: `${issuerPath}/interaction/${uid}/login`,
      abortAction: `${issuerPath}/interaction/${uid}/abort`,
      customers: await store.listDemoCustomers(),
      ...form,
    });

  router.get("/interaction/:uid", async (req, res) => {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === "consent" && details.session) {
      // Only reached with an explicit prompt=consent: Shopify shows no consent screen either.
      const grant = await grantAccess({
        grantId: details.grantId,
        accountId: details.session.accountId,
        clientId: String(details.params.client_id),
      });
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: grant.jti } },
        { mergeWithLastSubmission: true },
      );
      return;
    }
    res
      .set("Cache-Control", "no-store")
      .type("html")
      .send(await renderSignIn(details.uid));
  });

  router.post("/interaction/:uid/login", signInForm, async (req, res) => {
    const details = await provider.interactionDetails(req, res);
    const email = typeof req.body?.email === "string" ? req.body.email.trim() : "";
    const customer = email ? await store.findCustomerByEmail(email) : undefined;
    if (!customer) {
      const error = email
        ? `No customer account uses ${email}. Check the address or choose a demo customer.`
        : "Enter an email address.";
      res
        .status(400)
        .set("Cache-Control", "no-store")
        .type("html")
        .send(await renderSignIn(details.uid, { email, error }));
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: customer.id } },
      { mergeWithLastSubmission: false },
    );
  });

  router.post("/interaction/:uid/abort", async (req, res) => {
    await provider.interactionFinished(
      req,
      res,
      { error: "access_denied", error_description: "The customer cancelled the sign-in" },
      { mergeWithLastSubmission: false },
    );
  });

  if (options.testControls) {
    router.post("/_test/revoke-grants", express.json({ limit: "1kb" }), async (req, res) => {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      const customer =
        typeof email === "string" ? await store.findCustomerByEmail(email) : undefined;
      if (!customer) {
        res.status(400).json({ errors: [{ message: "Send { email } of a known customer" }] });
        return;
      }
      await revokeGrantsOf(customer.id);
      res.status(204).end();
    });
  }

  router.use("/interaction", (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (error instanceof Error && error.name === "SessionNotFound") {
      res.status(400).type("html").send(renderExpiredInteractionPage());
      return;
    }
    next(error);
  });

  router.post(
    "/account/customer/api/:version/graphql",
    express.json({ limit: "100kb" }),
    createGraphqlHandler({
      schema: getCustomerAccountSchema(),
      store,
      verifyAccessToken,
      origin: new URL(issuer).origin,
    }),
  );

  router.use(
    "/account/customer/api",
    (error: unknown, _req: Request, res: Response, next: NextFunction) => {
      if (error instanceof SyntaxError) {
        res.status(400).json({ errors: [{ message: "The request body is not valid JSON" }] });
        return;
      }
      next(error);
    },
  );

  router.use(provider.callback());

  return {
    router,
    store,
    async findSignedInCustomer(req, res) {
      const session = await provider.Session.get(provider.createContext(req, res));
      return session.accountId ? store.getCustomer(session.accountId) : undefined;
    },
    // Everything lives in memory and there are no timers; nothing to release yet.
    close: async () => {},
  };
}
