import { describe, expect, it } from "vitest";
import { lagoonForFile } from "../../tests/support/lagoon-server";

// Found by the fuzz (tests/http/fuzz.test.ts): `/login?error=__proto__` answered 500, the code
// read as a key of the messages' object and its prototype rendered as text.

const shop = lagoonForFile();

const signInPage = async (error: string) => {
  const response = await fetch(`${shop.origin}/login?error=${encodeURIComponent(error)}`);
  return { status: response.status, html: await response.text() };
};

describe("the sign-in page's error", () => {
  it("says what a known code means", async () => {
    const page = await signInPage("cancelled");
    expect(page.status).toBe(200);
    expect(page.html).toContain("Sign-in was cancelled.");
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty", "no-such-code"])(
    "says sign-in failed for a code it does not know: %j",
    async (code) => {
      const page = await signInPage(code);
      expect(page.status).toBe(200);
      expect(page.html).toContain("We could not sign you in. Please try again.");
    },
  );
});
