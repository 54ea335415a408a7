import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Config } from "./config";

/** Prismic's editor frames the slice simulator; nothing else may frame Lagoon. */
const PRISMIC_EDITOR_ORIGINS = ["https://*.prismic.io"];

const NONCE_BYTES = 16;
/** Random bytes for nonces, fetched 256 nonces' worth at a time rather than one call per page. */
let nonceBytes = Buffer.alloc(0);
let nonceBytesUsed = 0;

/** 128 random bits, base64: a fresh nonce for each answer (CSP Level 3 asks for at least 128). */
export function nextNonce(): string {
  if (nonceBytesUsed + NONCE_BYTES > nonceBytes.length) {
    nonceBytes = randomBytes(NONCE_BYTES * 256);
    nonceBytesUsed = 0;
  }
  const nonce = nonceBytes.toString("base64", nonceBytesUsed, nonceBytesUsed + NONCE_BYTES);
  nonceBytesUsed += NONCE_BYTES;
  return nonce;
}

export const assignNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = nextNonce();
  next();
};

/**
 * Security headers with a per-request nonce CSP: only scripts carrying the nonce run (React
 * Router's hydration data, its module imports), so injected markup cannot execute.
 */
export function securityHeaders(config: Config): RequestHandler {
  const publicOrigin = new URL(config.publicUrl).origin;
  const imageSources = [
    "'self'",
    "data:",
    publicOrigin,
    "https://cdn.shopify.com",
    "https://images.prismic.io",
  ];
  // product §5: with a GTM container, exactly what Google Tag Manager needs (its script, its
  // noscript frame, its pixel, and Google Analytics' collection endpoints); without, nothing.
  const gtm = config.gtmId ? ["https://www.googletagmanager.com"] : [];
  const analytics = config.gtmId
    ? [
        "https://www.googletagmanager.com",
        "https://www.google-analytics.com",
        "https://*.google-analytics.com",
        "https://*.analytics.google.com",
      ]
    : [];
  const nonce = (_req: unknown, res: unknown) =>
    `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;

  const build = (frameAncestors: string[]) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", nonce, ...gtm],
          styleSrc: ["'self'", nonce],
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: [...imageSources, ...analytics],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...analytics],
          frameSrc: [
            "'self'",
            "https://www.youtube-nocookie.com",
            "https://www.google.com",
            ...gtm,
          ],
          formAction: ["'self'", publicOrigin, "https://*.myshopify.com", "https://shopify.com"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors,
          upgradeInsecureRequests: config.publicUrl.startsWith("https:") ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.publicUrl.startsWith("https:"),
      frameguard: frameAncestors.includes("'none'") ? { action: "deny" } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    });

  const everywhere = build(["'none'"]);
  const sliceSimulator = build(["'self'", ...PRISMIC_EDITOR_ORIGINS]);
  return (req, res, next) =>
    (req.path === "/slice-simulator" ? sliceSimulator : everywhere)(req, res, next);
}
