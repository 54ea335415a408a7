// The modules whose mistakes cost most (issue #29, item 4), each with the fast unit tests that
// exercise it. `npm run mutate` mutates one module at a time and runs only its tests: a whole-shop
// test (one that loads the app through Vite) takes 20–30 s a run, too slow to run per mutant.

/** @type {{ name: string, title: string, mutate: string[], tests: string[] }[]} */
export const MUTATION_MODULES = [
  {
    name: "redirect",
    title: "Redirect rule (safeRedirectPath)",
    mutate: ["app/lib/safe-redirect.ts"],
    tests: ["app/lib/safe-redirect.test.ts"],
  },
  {
    name: "gate",
    title: "Request gate",
    mutate: ["server/request-gate.ts"],
    tests: ["server/request-gate.unit.test.ts"],
  },
  {
    name: "page-cache-key",
    title: "Page-cache key and personal-request rule",
    mutate: ["server/page-cache/key.ts", "app/lib/personal-cookies.ts"],
    tests: ["server/page-cache/key.test.ts", "app/lib/personal-cookies.test.ts"],
  },
  {
    name: "cart-quantity",
    title: "Cart quantity rules and changes",
    mutate: [
      "app/lib/commerce/cart.ts",
      "app/lib/commerce/cart-quantity-queue.ts",
      "app/lib/commerce/cart-intent.server.ts",
      "app/lib/commerce/cart-changes.server.ts",
    ],
    tests: [
      "app/lib/commerce/cart.test.ts",
      "app/lib/commerce/cart-quantity-queue.test.ts",
      "app/lib/commerce/cart-intent.server.test.ts",
      "app/lib/commerce/cart-changes.server.test.ts",
    ],
  },
  {
    name: "purchase-orders",
    title: "Purchase-order store and decisions",
    mutate: [
      "app/lib/commercial/purchase-orders.server.ts",
      "app/lib/commercial/decision-link.server.ts",
    ],
    tests: [
      "app/lib/commercial/purchase-orders.server.test.ts",
      "app/lib/commercial/decision-link.server.test.ts",
    ],
  },
  {
    name: "guards",
    title: "Account and role guards",
    mutate: ["app/lib/customer/guards.server.ts"],
    tests: ["app/lib/customer/guards.test.ts", "app/lib/customer/guards.server.test.ts"],
  },
  {
    name: "session-sealing",
    title: "Session sealing",
    mutate: ["app/lib/customer/session-crypto.server.ts"],
    tests: ["app/lib/customer/session-crypto.server.test.ts"],
  },
  {
    name: "session-refresh",
    title: "Session refresh",
    mutate: ["app/lib/customer/fresh-session.server.ts"],
    // On PGlite, the identity provider stood in for: each run opens a database (seconds).
    tests: ["app/lib/customer/fresh-session.test.ts"],
  },
  {
    name: "certificates",
    title: "Certificate parsing and access",
    mutate: [
      "app/lib/training/certificates.ts",
      "app/lib/training/certificate-code.server.ts",
      "app/lib/training/certificate-link.server.ts",
      // The name rule; the rest (requireCertificate) needs the whole shop: its sign-in, content
      // and customer account.
      "app/lib/training/certificate-access.server.ts:138-152",
    ],
    tests: [
      "app/lib/training/certificates.test.ts",
      "app/lib/training/certificate-code.server.test.ts",
      "app/lib/training/certificate-link.server.test.ts",
      "app/lib/training/certificate-access.server.test.ts",
    ],
  },
];

/** The module a run is for, named by LAGOON_MUTATION_MODULE (scripts/mutate.mjs sets it). */
export function currentMutationModule() {
  const name = process.env.LAGOON_MUTATION_MODULE;
  const module = MUTATION_MODULES.find((candidate) => candidate.name === name);
  if (!module) {
    throw new Error(
      `LAGOON_MUTATION_MODULE must name one of: ${MUTATION_MODULES.map((m) => m.name).join(", ")}`,
    );
  }
  return module;
}

export const mutationReportDir = (name) => `reports/mutation/${name}`;
