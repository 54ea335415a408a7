import {
  type ComponentProps,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";

const subscribeToNothing = () => () => {};

/**
 * A textarea that keeps what a shopper typed before the page's code woke. React keeps the text of
 * an `<input>` while it hydrates, but sets a `<textarea>` that has a default text back to that
 * text (react-dom's `initTextarea`), so a prefilled message typed over right after paint was sent
 * as the prefill. While hydrating, this reads the field's text before React reaches it, and puts
 * it back before the page paints, unless the shopper has typed again since React's reset.
 */
export function KeptTextarea({ id, ...props }: ComponentProps<"textarea"> & { id: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // The server's snapshot (false) is what React reads while it hydrates, and only then.
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const [typed] = useState(() =>
    hydrated || typeof document === "undefined"
      ? undefined
      : (document.getElementById(id) as HTMLTextAreaElement | null)?.value,
  );
  useLayoutEffect(() => {
    const field = ref.current;
    if (field && typed !== undefined && field.value === field.defaultValue) field.value = typed;
  }, [typed]);
  return <textarea ref={ref} id={id} {...props} />;
}
