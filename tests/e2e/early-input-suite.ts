import { noteFirstInput } from "./early-input-helpers";
import { expect as fixturesExpect, test } from "./fixtures";

export { test };

/**
 * What a press does shows once the slowed page has woken and answered it: on a busy two-core
 * machine at 6× that took up to 15 s after the page painted (traces of two runs that read nothing
 * lost but ran past the suite's 7 s), so the early-input tests' assertions wait up to 25 s.
 */
export const expect = fixturesExpect.configure({ timeout: 25_000 });

/**
 * The early-input specs' settings. Each form in the shop is used on a CPU slowed 4× and 6× as soon
 * as the page has painted content, without waiting for its JavaScript; then the test waits for
 * the page to settle and checks what the shopper sees and that the server did it exactly once.
 */
export function earlyInputSuite() {
  // A slowed page takes several seconds to load and hydrate; a lost press would otherwise wait
  // for the whole test's time.
  test.describe.configure({ timeout: 90_000 });
  test.use({
    actionTimeout: 20_000,
    // Forms answer 400/422 for mistakes, which the browser logs; none is expected here, but a
    // failure then shows as the assertion that explains it, not as a console error.
    allowConsoleError: /status of (400|422) /,
  });
  test.afterEach(async ({ page }, testInfo) => {
    await noteFirstInput(page, testInfo);
  });
}
