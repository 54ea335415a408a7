import { useCallback, useEffect, useRef, useState } from "react";

/**
 * The text of an uncontrolled field, mirrored in state for what depends on it (a button disabled
 * while the field is empty, a ticker's limits). The field itself stays uncontrolled: a controlled
 * field is set back to its state at React's first render after hydration, which threw away what
 * the shopper typed before the page's code woke. At mount the state takes the field's text.
 */
export function useFieldText<Field extends HTMLInputElement | HTMLTextAreaElement>(
  initial: string,
) {
  const ref = useRef<Field>(null);
  // The field's first text only: later texts are set on the field (`set`), which React leaves be.
  const [first] = useState(initial);
  const [text, setText] = useState(initial);
  useEffect(() => {
    if (ref.current) setText(ref.current.value);
  }, []);
  /** Sets the field's text, and the state with it. */
  const set = useCallback((value: string) => {
    if (ref.current) ref.current.value = value;
    setText(value);
  }, []);
  return {
    text,
    set,
    /** Spread onto the field. */
    field: {
      ref,
      defaultValue: first,
      onChange: (event: React.ChangeEvent<Field>) => setText(event.currentTarget.value),
    },
  };
}
