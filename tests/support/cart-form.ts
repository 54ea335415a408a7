import {
  type CartActionData,
  type CartActionServices,
  handleCartAction,
} from "../../app/lib/commerce/cart-action.server";

// A browser posting cart forms to /api/cart, as fetchers and JavaScript-less forms do. No vitest
// here, so a child process (cart-press-child.ts) posts the same way.

export const SHOP = "http://shop.test";

/** A browser's cookie jar, as far as these tests need one. */
export class Browser {
  cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keep(setCookies: string[]) {
    for (const setCookie of setCookies) {
      const [pair = ""] = setCookie.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (/max-age=0/i.test(setCookie) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** A GET of `path` with the cookies this browser holds. */
  request(path = "/"): Request {
    return new Request(new URL(path, SHOP), { headers: { Cookie: this.header() } });
  }
}

type ActionResult = Awaited<ReturnType<typeof handleCartAction>>;

/** Posts a cart form as a fetcher would (or, with `navigate`, as the browser itself). */
export async function postCartForm(
  browser: Browser,
  fields: Record<string, string>,
  options: { services: CartActionServices; navigate?: boolean },
): Promise<{ status: number; body?: CartActionData; location?: string | null }> {
  const request = new Request(`${SHOP}/api/cart`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      Cookie: browser.header(),
      ...(options.navigate
        ? { Accept: "text/html", "Sec-Fetch-Mode": "navigate", Referer: `${SHOP}/store/x` }
        : {}),
    },
  });
  const result: ActionResult = await handleCartAction(request, options.services);
  if (result instanceof Response) {
    browser.keep(result.headers.getSetCookie());
    return { status: result.status, location: result.headers.get("Location") };
  }
  browser.keep(new Headers(result.init?.headers).getSetCookie());
  return { status: result.init?.status ?? 200, body: result.data };
}

export const cartOf = (body: CartActionData | undefined) => {
  if (!body?.ok) throw new Error(`expected a cart, got ${JSON.stringify(body)}`);
  return body.cart;
};
