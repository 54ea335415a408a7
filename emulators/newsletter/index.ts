import { createHash, randomBytes, randomUUID } from "node:crypto";
import { channel } from "node:diagnostics_channel";
import express, { type NextFunction, type Request, type Response, Router } from "express";
import { z } from "zod";
import { escapeHtml, emulatorPage as page } from "../shared/html";

// The newsletter emulator (embedded mode): the subset of the email-marketing provider's Marketing
// API (Mailchimp v3) the shop uses — subscribe with double opt-in, tag a member — plus what the
// provider does on its own side: the confirmation email (through the mail emulator, over HTTP)
// and the confirm link that turns a pending member into a subscribed one. Members live in memory:
// the audience starts empty with the emulator.

export type MemberStatus = "subscribed" | "unsubscribed" | "cleaned" | "pending" | "transactional";

export interface EmulatedMember {
  id: string;
  email_address: string;
  unique_email_id: string;
  status: MemberStatus;
  list_id: string;
  tags: { id: number; name: string }[];
  timestamp_signup: string;
  last_changed: string;
}

export interface NewsletterEmulatorOptions {
  /** The key the app sends as the basic-auth password; anything else is 401. */
  apiKey: string;
  audienceId: string;
  /** The shop's public origin: confirm links point here and lead to its confirmation page. */
  publicOrigin: string;
  /** Where confirmation emails are delivered (the mail emulator's `/messages`); none: not sent. */
  mailEndpoint?: string;
  from?: string;
}

/**
 * Its members are kept in memory, not in the database: a change is told on the channel that
 * server/reach.ts counts under test controls (as the database's writes are).
 */
const stateChanges = channel("lagoon:state-change");
const noteStateChange = () => {
  if (stateChanges.hasSubscribers) stateChanges.publish({ table: "newsletter members" });
};

const STATUSES = ["subscribed", "unsubscribed", "cleaned", "pending", "transactional"] as const;

// Mailchimp checks addresses more strictly than a browser's type=email: `a@b` is refused.
const MemberSchema = z.object({
  email_address: z.email(),
  status_if_new: z.enum(STATUSES).optional(),
  status: z.enum(STATUSES).optional(),
});

const TagsSchema = z.object({
  tags: z
    .array(
      z.object({ name: z.string().trim().min(1).max(100), status: z.enum(["active", "inactive"]) }),
    )
    .max(50),
});

export function subscriberHash(email: string): string {
  return createHash("md5").update(email.toLowerCase()).digest("hex");
}

function problem(response: Response, status: number, title: string, detail: string) {
  response
    .status(status)
    .type("application/problem+json")
    .send(
      JSON.stringify({
        type: "https://mailchimp.com/developer/marketing/docs/errors/",
        title,
        status,
        detail,
        instance: randomUUID(),
      }),
    );
}

export function createNewsletterEmulator(options: NewsletterEmulatorOptions): {
  router: Router;
  members: () => EmulatedMember[];
} {
  const members = new Map<string, EmulatedMember>();
  /** Confirm token → member id; kept after use, so a second click lands on the same page. */
  const confirmations = new Map<string, string>();
  let nextTagId = 1;
  const tagIds = new Map<string, number>();
  const router = Router();
  const from = options.from ?? "Coral Bay Pool & Spa <newsletter@lagoon.example>";

  const confirmLink = (token: string) =>
    `${options.publicOrigin}/_emulators/newsletter/confirm/${token}`;

  async function sendConfirmation(member: EmulatedMember) {
    const token = randomBytes(18).toString("base64url");
    confirmations.set(token, member.id);
    if (!options.mailEndpoint) return;
    const text = [
      "Please confirm your subscription to the Coral Bay Pool & Spa newsletter:",
      "",
      confirmLink(token),
      "",
      "If you did not ask to subscribe, ignore this email and you will not hear from us.",
    ].join("\n");
    try {
      await fetch(options.mailEndpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          messageId: `<newsletter-${token}@lagoon.example>`,
          from,
          to: member.email_address,
          subject: "Please confirm your subscription",
          text,
        }),
        signal: AbortSignal.timeout(5_000),
      });
    } catch {
      // Like the provider's own mail, a lost confirmation is not the API caller's failure; the
      // emulator's member list (GET /) still shows the confirm link.
    }
  }

  const api = Router();
  api.use((request, response, next) => {
    const header = request.headers.authorization ?? "";
    const [scheme, encoded] = header.split(" ");
    const password =
      scheme?.toLowerCase() === "basic" && encoded
        ? Buffer.from(encoded, "base64").toString("utf8").split(":").slice(1).join(":")
        : "";
    if (password !== options.apiKey) {
      problem(
        response,
        401,
        "API Key Invalid",
        "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
      );
      return;
    }
    next();
  });
  api.use("/lists/:listId", (request, response, next) => {
    if (request.params.listId !== options.audienceId) {
      problem(response, 404, "Resource Not Found", "The requested resource could not be found.");
      return;
    }
    next();
  });
  api.use(express.json({ limit: "64kb" }));

  api.get("/lists/:listId/members/:hash", (request, response) => {
    const member = members.get(request.params.hash.toLowerCase());
    if (!member) {
      problem(response, 404, "Resource Not Found", "The requested resource could not be found.");
      return;
    }
    response.json(member);
  });

  // Add or update: an existing member is returned as it is (status_if_new applies to new ones
  // only), unless `status` asks for a change.
  api.put(
    "/lists/:listId/members/:hash",
    async (request: Request<{ listId: string; hash: string }>, response) => {
      const parsed = MemberSchema.safeParse(request.body);
      if (!parsed.success) {
        problem(response, 400, "Invalid Resource", "Please provide a valid email address.");
        return;
      }
      const hash = subscriberHash(parsed.data.email_address);
      if (request.params.hash.toLowerCase() !== hash) {
        problem(
          response,
          400,
          "Invalid Resource",
          "The subscriber hash does not match the email address.",
        );
        return;
      }
      const now = new Date().toISOString();
      let member = members.get(hash);
      const wanted = member
        ? parsed.data.status
        : (parsed.data.status ?? parsed.data.status_if_new);
      if (!member) {
        if (!wanted) {
          problem(
            response,
            400,
            "Invalid Resource",
            "The resource submitted could not be validated. status_if_new is required for new members.",
          );
          return;
        }
        member = {
          id: hash,
          email_address: parsed.data.email_address,
          unique_email_id: randomBytes(5).toString("hex"),
          status: wanted,
          list_id: options.audienceId,
          tags: [],
          timestamp_signup: now,
          last_changed: now,
        };
        members.set(hash, member);
        noteStateChange();
        if (wanted === "pending") await sendConfirmation(member);
      } else if (wanted && wanted !== member.status) {
        member.status = wanted;
        member.last_changed = now;
        noteStateChange();
        if (wanted === "pending") await sendConfirmation(member);
      }
      response.json(member);
    },
  );

  api.post(
    "/lists/:listId/members/:hash/tags",
    (request: Request<{ listId: string; hash: string }>, response) => {
      const member = members.get(request.params.hash.toLowerCase());
      if (!member) {
        problem(response, 404, "Resource Not Found", "The requested resource could not be found.");
        return;
      }
      const parsed = TagsSchema.safeParse(request.body);
      if (!parsed.success) {
        problem(
          response,
          400,
          "Invalid Resource",
          "The resource submitted could not be validated.",
        );
        return;
      }
      for (const tag of parsed.data.tags) {
        const known = member.tags.some((existing) => existing.name === tag.name);
        if (tag.status === "active" && !known) {
          const id = tagIds.get(tag.name) ?? nextTagId++;
          tagIds.set(tag.name, id);
          member.tags.push({ id, name: tag.name });
        } else if (tag.status === "inactive" && known) {
          member.tags = member.tags.filter((existing) => existing.name !== tag.name);
        }
      }
      response.status(204).end();
    },
  );

  // A body that is not JSON gets the provider's problem answer, not Express's HTML page.
  api.use((_error: unknown, _request: Request, response: Response, _next: NextFunction) => {
    problem(response, 400, "Invalid Resource", "The request body could not be parsed as JSON.");
  });
  router.use("/3.0", api);

  // What the provider's confirm link does: a pending member is subscribed, then sees the shop's
  // confirmation page.
  router.get("/confirm/:token", (request, response) => {
    const member = members.get(confirmations.get(request.params.token) ?? "");
    if (!member) {
      response
        .status(404)
        .type("html")
        .send(page("Link not valid", "<h1>This confirmation link is not valid</h1>"));
      return;
    }
    if (member.status === "pending") {
      member.status = "subscribed";
      member.last_changed = new Date().toISOString();
    }
    response.redirect(303, `${options.publicOrigin}/mailing-list-confirmation`);
  });

  router.get("/", (_request, response) => {
    const links = new Map([...confirmations].map(([token, id]) => [id, confirmLink(token)]));
    const rows = [...members.values()]
      .map((member) => {
        const link = links.get(member.id);
        const action =
          member.status === "pending" && link ? `<a href="${escapeHtml(link)}">Confirm</a>` : "";
        return `<tr><td>${escapeHtml(member.email_address)}</td><td>${member.status}</td><td>${escapeHtml(member.tags.map((tag) => tag.name).join(", "))}</td><td>${action}</td></tr>`;
      })
      .join("");
    response.type("html").send(
      page(
        "Newsletter emulator",
        `<h1>Newsletter emulator</h1><p>Audience ${escapeHtml(options.audienceId)}: ${members.size} member(s).</p>
<table><thead><tr><th>Email</th><th>Status</th><th>Tags</th><th>Confirm link</th></tr></thead><tbody>${rows}</tbody></table>`,
      ),
    );
  });

  return { router, members: () => [...members.values()].map((member) => ({ ...member })) };
}
