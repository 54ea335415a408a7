import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import express, { type RequestHandler, Router } from "express";
import {
  assertValidSchema,
  buildClientSchema,
  type GraphQLSchema,
  type IntrospectionQuery,
} from "graphql";
import { installDefaultResolvers } from "../../shared/default-resolvers";
import {
  API_VERSION_PATTERN,
  createGraphqlHttpHandler,
  errorBody,
  readGraphqlParams,
} from "../../shared/graphql-http";

// The slice of Shopify's Admin API the shop uses: draftOrderCreate, so an approved purchase order
// becomes a draft order staff can invoice (product §4). Checked against Shopify's published Admin
// API schema (schemas/admin_2026-04.json.gz, from scripts/admin-schema.mjs), which is large: it is
// built on the first Admin request, not at start.

/** The Admin API access token the app uses against this emulator (embedded mode). */
export const EMBEDDED_ADMIN_TOKEN = "lagoon-embedded-admin-token";

const SCHEMA_FILE = new URL("../../../schemas/admin_2026-04.json.gz", import.meta.url);

export interface EmulatedDraftOrder {
  id: string;
  name: string;
  poNumber: string | null;
  tags: string[];
  note2: string | null;
  email: string | null;
  customer: { id: string } | null;
  lineItems: { nodes: { title: string; quantity: number; sku: string | null }[] };
  createdAt: string;
}

interface DraftOrderInput {
  poNumber?: string;
  tags?: string[];
  note?: string;
  email?: string;
  customerId?: string;
  lineItems?: { title?: string; quantity: number; sku?: string; variantId?: string }[];
}

function buildAdminSchema(drafts: EmulatedDraftOrder[]): GraphQLSchema {
  const introspection = JSON.parse(gunzipSync(readFileSync(SCHEMA_FILE)).toString("utf8")) as {
    data: IntrospectionQuery;
  };
  const schema = buildClientSchema(introspection.data);
  assertValidSchema(schema);
  installDefaultResolvers(schema);
  const draftOrderCreate = schema.getMutationType()?.getFields().draftOrderCreate;
  if (!draftOrderCreate) throw new Error("The Admin API schema has no draftOrderCreate");
  draftOrderCreate.resolve = (_root, { input }: { input: DraftOrderInput }) => {
    const lineItems = input.lineItems ?? [];
    if (lineItems.length === 0) {
      return {
        draftOrder: null,
        userErrors: [{ field: ["lineItems"], message: "Add at least 1 product" }],
      };
    }
    const number = drafts.length + 1;
    const draft: EmulatedDraftOrder = {
      id: `gid://shopify/DraftOrder/${1000 + number}`,
      name: `#D${number}`,
      poNumber: input.poNumber ?? null,
      tags: input.tags ?? [],
      note2: input.note ?? null,
      email: input.email ?? null,
      customer: input.customerId ? { id: input.customerId } : null,
      lineItems: {
        nodes: lineItems.map((line) => ({
          title: line.title ?? "",
          quantity: line.quantity,
          sku: line.sku ?? null,
        })),
      },
      createdAt: new Date().toISOString(),
    };
    drafts.push(draft);
    return { draftOrder: draft, userErrors: [] };
  };
  return schema;
}

/** POST /admin/api/:version/graphql.json, as a shop serves it, with X-Shopify-Access-Token. */
export function createAdminEmulator(): { router: Router; draftOrders: () => EmulatedDraftOrder[] } {
  const drafts: EmulatedDraftOrder[] = [];
  let handler: RequestHandler | undefined;
  const router = Router();
  router.post(
    "/admin/api/:version/graphql.json",
    express.json({ limit: "1mb" }),
    (request, response, next) => {
      if (request.get("X-Shopify-Access-Token") !== EMBEDDED_ADMIN_TOKEN) {
        response.status(401).json({
          errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
        });
        return;
      }
      if (!API_VERSION_PATTERN.test(request.params.version ?? "")) {
        response.status(404).json(errorBody("Not Found"));
        return;
      }
      handler ??= createGraphqlHttpHandler({
        schema: buildAdminSchema(drafts),
        cacheSize: 20,
        readParams: readGraphqlParams,
        admit: async () => ({}),
      });
      Promise.resolve(handler(request, response, next)).catch(next);
    },
  );
  router.get("/admin/draft-orders.json", (_request, response) => {
    response.json(drafts);
  });
  return { router, draftOrders: () => [...drafts] };
}
