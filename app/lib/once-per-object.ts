/**
 * `work`, done once per object and kept while the object lives (a WeakMap). The shared cache hands
 * every request the same frozen value, so what is worked out from one (a reshaped product, the
 * page's shell, a collection's cards) is worked out once, and is itself the same object for every
 * request: JSON text made from it can be kept by identity in turn (decision 009).
 * Nobody may change what it returns.
 */
export function oncePerObject<Input extends object, Output>(
  work: (input: Input) => Output,
): (input: Input) => Output {
  const done = new WeakMap<Input, Output>();
  return (input) => {
    let output = done.get(input);
    if (output === undefined) {
      output = work(input);
      done.set(input, output);
    }
    return output;
  };
}

interface Kept<Output> {
  next: WeakMap<object, Kept<Output>>;
  byKey: Map<string, Output>;
}

/**
 * As `oncePerObject`, for work drawn from several objects and a string (a content page's text from
 * the shell, its documents and its path): done once per objects, in their order, and key, and kept
 * while every one of the objects lives. `work` may read nothing else that changes.
 *
 * A key may come from the address (a page served at more than one path): at most `keysPerObjects`
 * are kept for the same objects, so that odd spellings of an address (`/THANK-YOU/x`) cannot fill
 * the memory; past them the work is done every time.
 */
export function oncePerObjects<Output>(keysPerObjects = 4) {
  const first = new WeakMap<object, Kept<Output>>();
  const keptAfter = (level: WeakMap<object, Kept<Output>>, object: object) => {
    let kept = level.get(object);
    if (kept === undefined) {
      kept = { next: new WeakMap(), byKey: new Map() };
      level.set(object, kept);
    }
    return kept;
  };
  return (objects: readonly [object, ...object[]], key: string, work: () => Output): Output => {
    const [head, ...rest] = objects;
    let kept = keptAfter(first, head);
    for (const object of rest) kept = keptAfter(kept.next, object);
    let output = kept.byKey.get(key);
    if (output === undefined) {
      output = work();
      if (kept.byKey.size < keysPerObjects) kept.byKey.set(key, output);
    }
    return output;
  };
}
