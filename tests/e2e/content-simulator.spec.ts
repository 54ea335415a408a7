import { expect, test } from "./fixtures";

/**
 * Playwright turns Chromium's third-party storage partitioning off (microsoft/playwright#32230),
 * so a framed page may not read sessionStorage, which React Router's scroll restoration does.
 * The browsers editors use partition it; so does this file's browser (a later
 * --disable-features replaces Playwright's list, keeping the features tests depend on).
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-features=PaintHolding,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,MediaRouter",
    ],
  },
});

/** Where Prismic's page builder runs; the CSP lets only *.prismic.io frame the simulator. */
const EDITOR = "https://lagoon-demo.prismic.io/builder";

/**
 * Chromium's Local Network Access asks before a public site frames a local one; an editor
 * running Slice Machine against a local shop grants it once.
 */
async function allowFramingLocalShop(page: import("@playwright/test").Page, origin: string) {
  await page
    .context()
    .grantPermissions(["local-network-access"], { origin: new URL(origin).origin });
}

/**
 * The editor's side of @prismicio/simulator's channel: it waits for the simulator's "ready",
 * connects a MessageChannel, then sends slice zones. Listening starts before the frame loads.
 */
const editorPage = (simulatorUrl: string) => `<!doctype html>
<html lang="en"><head><title>Page builder</title></head><body>
<script>
  window.simulatorReady = new Promise((resolve) => {
    window.addEventListener("message", (event) => {
      if (event.data && event.data.type === "ready") resolve(event.data);
    });
  });
</script>
<iframe id="simulator" title="Slice simulator" src="${simulatorUrl}" style="width:1200px;height:900px"></iframe>
</body></html>`;

const SLICES = [
  {
    id: "hero$1",
    slice_type: "hero",
    variation: "default",
    version: "initial",
    primary: {
      eyebrow: "Drawn by the simulator",
      heading: [{ type: "heading1", text: "Slices straight from Slice Machine", spans: [] }],
      text: [
        { type: "paragraph", text: "Rendered in the browser from raw slice JSON.", spans: [] },
      ],
      image: {},
      cta_label: "",
      cta_link: { link_type: "Any" },
    },
    items: [],
  },
  {
    id: "faq$1",
    slice_type: "faq",
    variation: "default",
    version: "initial",
    primary: {
      heading: "Simulated questions",
      questions: [
        { question: "Does it work?", answer: [{ type: "paragraph", text: "It does.", spans: [] }] },
      ],
    },
    items: [],
  },
  { id: "carousel$1", slice_type: "carousel", variation: "default", primary: {}, items: [] },
];

test.describe("the slice simulator", () => {
  test("draws the slices the editor posts to it", async ({ page, baseURL }) => {
    await allowFramingLocalShop(page, EDITOR);
    await page.route(EDITOR, (route) =>
      route.fulfill({ contentType: "text/html", body: editorPage(`${baseURL}/slice-simulator`) }),
    );
    await page.goto(EDITOR);
    const frame = page.frameLocator("#simulator");

    const status = await page.evaluate(async (slices) => {
      const iframe = document.getElementById("simulator") as HTMLIFrameElement;
      const target = iframe.contentWindow as Window;
      const ready = await (window as unknown as { simulatorReady: Promise<{ requestID: string }> })
        .simulatorReady;
      const channel = new MessageChannel();
      const pending = new Map<string, (response: { status: number }) => void>();
      channel.port1.onmessage = (event) => {
        const message = event.data;
        if ("type" in message) {
          channel.port1.postMessage({
            requestID: message.requestID,
            status: 200,
            msg: "ok",
            data: null,
          });
        } else {
          pending.get(message.requestID)?.(message);
        }
      };
      const send = (type: string, data: unknown, viaWindow = false) =>
        new Promise<{ status: number }>((resolve) => {
          const requestID = `editor-${type}-${Date.now()}`;
          pending.set(requestID, resolve);
          if (viaWindow) target.postMessage({ requestID, type, data }, "*", [channel.port2]);
          else channel.port1.postMessage({ requestID, type, data });
        });
      await send("connect", {}, true);
      target.postMessage({ requestID: ready.requestID, status: 200, msg: "ok", data: null }, "*");
      return (await send("setSliceZone", slices)).status;
    }, SLICES);
    expect(status).toBe(200);

    await expect(frame.getByText("Slices straight from Slice Machine")).toBeVisible();
    await expect(frame.getByText("Rendered in the browser from raw slice JSON.")).toBeVisible();
    await expect(frame.getByRole("heading", { name: "Simulated questions" })).toBeVisible();
    await expect(frame.getByText("No component for slice type “carousel”.")).toBeVisible();
    await expect(frame.locator("[data-slice-zone] > *")).toHaveCount(3);
  });

  test("is kept out of search engines", async ({ request }) => {
    const response = await request.get("/slice-simulator");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-security-policy"]).toContain(
      "frame-ancestors 'self' https://*.prismic.io",
    );
    expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  test.describe("framed by another site", () => {
    test.use({ allowConsoleError: /frame-ancestors|Refused to frame/ });

    test("it is refused", async ({ page, baseURL }) => {
      const stranger = "https://stranger.example/page";
      await allowFramingLocalShop(page, stranger);
      await page.route(stranger, (route) =>
        route.fulfill({ contentType: "text/html", body: editorPage(`${baseURL}/slice-simulator`) }),
      );
      await page.goto(stranger);
      await expect(page.frameLocator("#simulator").locator(".slice-simulator")).toHaveCount(0);
    });
  });
});
