import { type ComponentType, lazy } from "react";

/**
 * React.lazy for a component that only some pages need (a cart's lines, a course's participant
 * form), so it stays out of every page's first load. The server loads it at start and renders it
 * without suspending, so a page without JavaScript gets the whole markup; the browser fetches it
 * when first rendered, and hydrates the server's markup once it has it.
 */
export function lazyComponent<Props>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let loaded: ComponentType<Props> | undefined;
  const start = () =>
    load().then((component) => {
      loaded = component;
      return { default: component };
    });
  if (import.meta.env.SSR) void start();
  return lazy(() =>
    loaded
      ? // A thenable that resolves at once: React renders a resolved lazy component in place.
        ({
          // biome-ignore lint/suspicious/noThenProperty: React.lazy accepts any thenable
          then: (resolve: (module: { default: ComponentType<Props> }) => void) =>
            resolve({ default: loaded as ComponentType<Props> }),
        } as unknown as Promise<{ default: ComponentType<Props> }>)
      : start(),
  ) as unknown as ComponentType<Props>;
}
