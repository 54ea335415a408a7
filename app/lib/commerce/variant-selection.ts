import type { Product, ProductVariant, SelectedOption } from "./types";

// Which variant a product page shows, and where each option value leads. The selection lives in
// the URL as `?variant=<numeric id>`, so every option value is a plain link that works without
// JavaScript and a shared link opens the same variant.

type VariantSource = Pick<Product, "options" | "variants">;

const GID_PREFIX = "gid://shopify/ProductVariant/";

/** "gid://shopify/ProductVariant/47100089" → "47100089", the form the URL carries. */
export function variantUrlId(variantId: string): string {
  return variantId.startsWith(GID_PREFIX) ? variantId.slice(GID_PREFIX.length) : variantId;
}

/** The variant `?variant=` names (numeric id or gid), if the product has it. */
export function findVariantById(
  product: VariantSource,
  variantParam: string | null | undefined,
): ProductVariant | undefined {
  if (!variantParam) return undefined;
  const wanted = variantUrlId(variantParam.trim());
  return product.variants.find((variant) => variantUrlId(variant.id) === wanted);
}

/** The variant a page opens on without `?variant=`: the first one that can be bought. */
export function defaultVariant(product: VariantSource): ProductVariant | undefined {
  return product.variants.find((variant) => variant.availableForSale) ?? product.variants[0];
}

export function selectVariant(
  product: VariantSource,
  variantParam: string | null | undefined,
): ProductVariant | undefined {
  return findVariantById(product, variantParam) ?? defaultVariant(product);
}

export function findVariantByOptions(
  variants: readonly ProductVariant[],
  options: readonly SelectedOption[],
): ProductVariant | undefined {
  return variants.find((variant) =>
    options.every((option) =>
      variant.selectedOptions.some(
        (selected) => selected.name === option.name && selected.value === option.value,
      ),
    ),
  );
}

/** Shopify gives a product without options one option "Title" with the value "Default Title". */
export function hasOnlyDefaultVariant(product: VariantSource): boolean {
  return (
    product.options.length === 0 ||
    (product.options.length === 1 &&
      product.options[0]?.values.length === 1 &&
      product.options[0].values[0] === "Default Title")
  );
}

export interface OptionValueChoice {
  value: string;
  selected: boolean;
  /**
   * Where choosing this value leads: the variant with this value and the other current choices,
   * or, when that combination is not sold, the first variant with this value (buyable first).
   */
  variant: ProductVariant | undefined;
  /** This value with the other current choices is a variant of the product. */
  exists: boolean;
  /** That variant exists and can be bought. */
  available: boolean;
}

export interface OptionChoices {
  name: string;
  values: OptionValueChoice[];
}

export function optionChoices(
  product: VariantSource,
  selected: ProductVariant | undefined,
): OptionChoices[] {
  const current = selected?.selectedOptions ?? [];
  return product.options.map((option) => ({
    name: option.name,
    values: option.values.map((value) => {
      const wanted = [
        ...current.filter((choice) => choice.name !== option.name),
        { name: option.name, value },
      ];
      const exact = findVariantByOptions(product.variants, wanted);
      const withValue = product.variants.filter((variant) =>
        variant.selectedOptions.some(
          (choice) => choice.name === option.name && choice.value === value,
        ),
      );
      const variant =
        exact ?? withValue.find((candidate) => candidate.availableForSale) ?? withValue[0];
      return {
        value,
        selected: current.some((choice) => choice.name === option.name && choice.value === value),
        variant,
        exists: exact !== undefined,
        available: exact?.availableForSale ?? false,
      };
    }),
  }));
}

/** An option value as the page links it: the variant reduced to the id its URL carries. */
export interface OptionValueLink {
  value: string;
  selected: boolean;
  exists: boolean;
  available: boolean;
  /** `?variant=` of the variant it leads to; null when no variant has this value. */
  variantId: string | null;
}

export interface OptionLinks {
  name: string;
  values: OptionValueLink[];
}

export function toOptionLinks(choices: OptionChoices[]): OptionLinks[] {
  return choices.map((option) => ({
    name: option.name,
    values: option.values.map(({ variant, ...choice }) => ({
      ...choice,
      variantId: variant ? variantUrlId(variant.id) : null,
    })),
  }));
}
