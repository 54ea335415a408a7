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
