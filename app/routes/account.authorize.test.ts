import { describe, expect, it, vi } from "vitest";
import { requestContextFor } from "../../tests/support/request-context";
import { completeSignIn } from "../lib/customer/auth.server";
import { IdentityProviderUnavailableError } from "../lib/customer/oidc.server";
import { loader } from "./account.authorize";

// Found by the fault suite (tests/http/faults.test.ts): an identity provider that hangs during
// the code exchange made the sign-in callback answer 500 once its 10 s timeout passed.
vi.mock("../lib/customer/auth.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../lib/customer/auth.server")>()),
  completeSignIn: vi.fn(),
}));

const context = requestContextFor({ config: {}, cache: {}, logger: { warn: vi.fn() } } as never);

describe("the sign-in callback", () => {
  it("sends the shopper back to sign in, told the provider is unavailable, never a 500", async () => {
    vi.mocked(completeSignIn).mockRejectedValue(
      new IdentityProviderUnavailableError("Signing in failed: the provider is unavailable"),
    );
    const request = new Request("http://shop.example/account/authorize?code=c&state=s");
    const answer = (await loader({
      request,
      context,
      params: {},
      url: new URL(request.url),
    } as unknown as Parameters<typeof loader>[0])) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/login?error=unavailable");
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
  });
});
