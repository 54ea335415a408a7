import { useEffect, useRef } from "react";

/**
 * Runs `onAnswer` once for each answer a fetcher receives, when the fetcher is idle again.
 *
 * React Router hands `fetcher.data` to a render from a store React does not track, so a render
 * that React then discards as unchanged (no prop, state or context of the component changed) can
 * already have read the new data. An effect keyed on `fetcher.data` alone then never sees it
 * change, and the answer is missed: a failed cart change said nothing (issue 29's flaky cart test).
 * The fetcher's state is tracked: its return to idle is a render React keeps, and the answer is
 * read there; the answer seen last is remembered, so it is handled once.
 */
export function useFetcherAnswer<Answer>(
  fetcher: { state: string; data: Answer | undefined },
  onAnswer: (answer: Answer) => void,
) {
  const handled = useRef<Answer | undefined>(undefined);
  const latest = useRef(onAnswer);
  latest.current = onAnswer;
  const { state, data } = fetcher;
  useEffect(() => {
    if (state !== "idle" || data === undefined || data === handled.current) return;
    handled.current = data;
    latest.current(data);
  }, [state, data]);
}
