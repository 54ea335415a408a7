import { describe, expect, it } from "vitest";
import { BUILT_IN_SHELL, pageShell } from "./shell.server";

describe("the shell a page sends to the browser", () => {
  it("leaves out what only the server's head tags and structured data use", () => {
    const shell = {
      ...BUILT_IN_SHELL,
      socialImage: { src: "/social.png", srcSet: "", alt: "Pool", width: 1200, height: 630 },
    };
    const sent = pageShell(shell);
    expect(sent).not.toHaveProperty("organisation");
    expect(sent).not.toHaveProperty("socialImage");
    expect(sent).toEqual({
      siteName: shell.siteName,
      metaTitle: shell.metaTitle,
      metaDescription: shell.metaDescription,
      announcements: shell.announcements,
      navigation: shell.navigation,
      footerLists: shell.footerLists,
      contactInfo: shell.contactInfo,
      socialLinks: shell.socialLinks,
    });
  });
});
