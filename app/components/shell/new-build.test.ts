import type { useNavigation } from "react-router";
import { describe, expect, it } from "vitest";
import { documentLoadTarget } from "./new-build";

type Navigation = ReturnType<typeof useNavigation>;

const location = {
  pathname: "/store/products/pump",
  search: "?variant=2",
  hash: "",
  state: null,
  key: "k",
};
const idle = { state: "idle" } as Navigation;
const loading = (formMethod?: string) =>
  ({ state: "loading", location, formMethod }) as unknown as Navigation;
const submitting = { state: "submitting", location, formMethod: "POST" } as unknown as Navigation;

describe("documentLoadTarget (product §4: after a deploy, the next page load is a document load)", () => {
  it("leaves every navigation to the app while the build is current", () => {
    expect(documentLoadTarget(loading(), false)).toBeNull();
  });

  it("sends a link, or a GET form, to its address once a newer build is out", () => {
    expect(documentLoadTarget(loading(), true)).toBe("/store/products/pump?variant=2");
    expect(documentLoadTarget(loading("GET"), true)).toBe("/store/products/pump?variant=2");
  });

  it("keeps a submitted form, and its result, in the app", () => {
    expect(documentLoadTarget(submitting, true)).toBeNull();
    expect(documentLoadTarget(loading("POST"), true)).toBeNull();
  });

  it("does nothing while idle", () => {
    expect(documentLoadTarget(idle, true)).toBeNull();
  });
});
