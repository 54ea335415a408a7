/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/**
 * A filter used to view a subset of products in a collection matching a specific category value.
 *
 */
export type CategoryFilter = {
  /** The id of the category to filter on. */
  id: string;
};

/**
 * The three-letter currency codes that represent the world currencies used in
 * stores. These include standard ISO 4217 codes, legacy codes,
 * and non-standard codes.
 *
 */
export type CurrencyCode =
  /** United Arab Emirates Dirham (AED). */
  | 'AED'
  /** Afghan Afghani (AFN). */
  | 'AFN'
  /** Albanian Lek (ALL). */
  | 'ALL'
  /** Armenian Dram (AMD). */
  | 'AMD'
  /** Netherlands Antillean Guilder. */
  | 'ANG'
  /** Angolan Kwanza (AOA). */
  | 'AOA'
  /** Argentine Pesos (ARS). */
  | 'ARS'
  /** Australian Dollars (AUD). */
  | 'AUD'
  /** Aruban Florin (AWG). */
  | 'AWG'
  /** Azerbaijani Manat (AZN). */
  | 'AZN'
  /** Bosnia and Herzegovina Convertible Mark (BAM). */
  | 'BAM'
  /** Barbadian Dollar (BBD). */
  | 'BBD'
  /** Bangladesh Taka (BDT). */
  | 'BDT'
  /** Bulgarian Lev (BGN). */
  | 'BGN'
  /** Bahraini Dinar (BHD). */
  | 'BHD'
  /** Burundian Franc (BIF). */
  | 'BIF'
  /** Bermudian Dollar (BMD). */
  | 'BMD'
  /** Brunei Dollar (BND). */
  | 'BND'
  /** Bolivian Boliviano (BOB). */
  | 'BOB'
  /** Brazilian Real (BRL). */
  | 'BRL'
  /** Bahamian Dollar (BSD). */
  | 'BSD'
  /** Bhutanese Ngultrum (BTN). */
  | 'BTN'
  /** Botswana Pula (BWP). */
  | 'BWP'
  /** Belarusian Ruble (BYN). */
  | 'BYN'
  /** Belarusian Ruble (BYR). */
  | 'BYR'
  /** Belize Dollar (BZD). */
  | 'BZD'
  /** Canadian Dollars (CAD). */
  | 'CAD'
  /** Congolese franc (CDF). */
  | 'CDF'
  /** Swiss Francs (CHF). */
  | 'CHF'
  /** Chilean Peso (CLP). */
  | 'CLP'
  /** Chinese Yuan Renminbi (CNY). */
  | 'CNY'
  /** Colombian Peso (COP). */
  | 'COP'
  /** Costa Rican Colones (CRC). */
  | 'CRC'
  /** Cape Verdean escudo (CVE). */
  | 'CVE'
  /** Czech Koruny (CZK). */
  | 'CZK'
  /** Djiboutian Franc (DJF). */
  | 'DJF'
  /** Danish Kroner (DKK). */
  | 'DKK'
  /** Dominican Peso (DOP). */
  | 'DOP'
  /** Algerian Dinar (DZD). */
  | 'DZD'
  /** Egyptian Pound (EGP). */
  | 'EGP'
  /** Eritrean Nakfa (ERN). */
  | 'ERN'
  /** Ethiopian Birr (ETB). */
  | 'ETB'
  /** Euro (EUR). */
  | 'EUR'
  /** Fijian Dollars (FJD). */
  | 'FJD'
  /** Falkland Islands Pounds (FKP). */
  | 'FKP'
  /** United Kingdom Pounds (GBP). */
  | 'GBP'
  /** Georgian Lari (GEL). */
  | 'GEL'
  /** Ghanaian Cedi (GHS). */
  | 'GHS'
  /** Gibraltar Pounds (GIP). */
  | 'GIP'
  /** Gambian Dalasi (GMD). */
  | 'GMD'
  /** Guinean Franc (GNF). */
  | 'GNF'
  /** Guatemalan Quetzal (GTQ). */
  | 'GTQ'
  /** Guyanese Dollar (GYD). */
  | 'GYD'
  /** Hong Kong Dollars (HKD). */
  | 'HKD'
  /** Honduran Lempira (HNL). */
  | 'HNL'
  /** Croatian Kuna (HRK). */
  | 'HRK'
  /** Haitian Gourde (HTG). */
  | 'HTG'
  /** Hungarian Forint (HUF). */
  | 'HUF'
  /** Indonesian Rupiah (IDR). */
  | 'IDR'
  /** Israeli New Shekel (NIS). */
  | 'ILS'
  /** Indian Rupees (INR). */
  | 'INR'
  /** Iraqi Dinar (IQD). */
  | 'IQD'
  /** Iranian Rial (IRR). */
  | 'IRR'
  /** Icelandic Kronur (ISK). */
  | 'ISK'
  /** Jersey Pound. */
  | 'JEP'
  /** Jamaican Dollars (JMD). */
  | 'JMD'
  /** Jordanian Dinar (JOD). */
  | 'JOD'
  /** Japanese Yen (JPY). */
  | 'JPY'
  /** Kenyan Shilling (KES). */
  | 'KES'
  /** Kyrgyzstani Som (KGS). */
  | 'KGS'
  /** Cambodian Riel. */
  | 'KHR'
  /** Kiribati Dollar (KID). */
  | 'KID'
  /** Comorian Franc (KMF). */
  | 'KMF'
  /** South Korean Won (KRW). */
  | 'KRW'
  /** Kuwaiti Dinar (KWD). */
  | 'KWD'
  /** Cayman Dollars (KYD). */
  | 'KYD'
  /** Kazakhstani Tenge (KZT). */
  | 'KZT'
  /** Laotian Kip (LAK). */
  | 'LAK'
  /** Lebanese Pounds (LBP). */
  | 'LBP'
  /** Sri Lankan Rupees (LKR). */
  | 'LKR'
  /** Liberian Dollar (LRD). */
  | 'LRD'
  /** Lesotho Loti (LSL). */
  | 'LSL'
  /** Lithuanian Litai (LTL). */
  | 'LTL'
  /** Latvian Lati (LVL). */
  | 'LVL'
  /** Libyan Dinar (LYD). */
  | 'LYD'
  /** Moroccan Dirham. */
  | 'MAD'
  /** Moldovan Leu (MDL). */
  | 'MDL'
  /** Malagasy Ariary (MGA). */
  | 'MGA'
  /** Macedonia Denar (MKD). */
  | 'MKD'
  /** Burmese Kyat (MMK). */
  | 'MMK'
  /** Mongolian Tugrik. */
  | 'MNT'
  /** Macanese Pataca (MOP). */
  | 'MOP'
  /** Mauritanian Ouguiya (MRU). */
  | 'MRU'
  /** Mauritian Rupee (MUR). */
  | 'MUR'
  /** Maldivian Rufiyaa (MVR). */
  | 'MVR'
  /** Malawian Kwacha (MWK). */
  | 'MWK'
  /** Mexican Pesos (MXN). */
  | 'MXN'
  /** Malaysian Ringgits (MYR). */
  | 'MYR'
  /** Mozambican Metical. */
  | 'MZN'
  /** Namibian Dollar. */
  | 'NAD'
  /** Nigerian Naira (NGN). */
  | 'NGN'
  /** Nicaraguan Córdoba (NIO). */
  | 'NIO'
  /** Norwegian Kroner (NOK). */
  | 'NOK'
  /** Nepalese Rupee (NPR). */
  | 'NPR'
  /** New Zealand Dollars (NZD). */
  | 'NZD'
  /** Omani Rial (OMR). */
  | 'OMR'
  /** Panamian Balboa (PAB). */
  | 'PAB'
  /** Peruvian Nuevo Sol (PEN). */
  | 'PEN'
  /** Papua New Guinean Kina (PGK). */
  | 'PGK'
  /** Philippine Peso (PHP). */
  | 'PHP'
  /** Pakistani Rupee (PKR). */
  | 'PKR'
  /** Polish Zlotych (PLN). */
  | 'PLN'
  /** Paraguayan Guarani (PYG). */
  | 'PYG'
  /** Qatari Rial (QAR). */
  | 'QAR'
  /** Romanian Lei (RON). */
  | 'RON'
  /** Serbian dinar (RSD). */
  | 'RSD'
  /** Russian Rubles (RUB). */
  | 'RUB'
  /** Rwandan Franc (RWF). */
  | 'RWF'
  /** Saudi Riyal (SAR). */
  | 'SAR'
  /** Solomon Islands Dollar (SBD). */
  | 'SBD'
  /** Seychellois Rupee (SCR). */
  | 'SCR'
  /** Sudanese Pound (SDG). */
  | 'SDG'
  /** Swedish Kronor (SEK). */
  | 'SEK'
  /** Singapore Dollars (SGD). */
  | 'SGD'
  /** Saint Helena Pounds (SHP). */
  | 'SHP'
  /** Sierra Leonean Leone (SLL). */
  | 'SLL'
  /** Somali Shilling (SOS). */
  | 'SOS'
  /** Surinamese Dollar (SRD). */
  | 'SRD'
  /** South Sudanese Pound (SSP). */
  | 'SSP'
  /** Sao Tome And Principe Dobra (STD). */
  | 'STD'
  /** Sao Tome And Principe Dobra (STN). */
  | 'STN'
  /** Syrian Pound (SYP). */
  | 'SYP'
  /** Swazi Lilangeni (SZL). */
  | 'SZL'
  /** Thai baht (THB). */
  | 'THB'
  /** Tajikistani Somoni (TJS). */
  | 'TJS'
  /** Turkmenistani Manat (TMT). */
  | 'TMT'
  /** Tunisian Dinar (TND). */
  | 'TND'
  /** Tongan Pa'anga (TOP). */
  | 'TOP'
  /** Turkish Lira (TRY). */
  | 'TRY'
  /** Trinidad and Tobago Dollars (TTD). */
  | 'TTD'
  /** Taiwan Dollars (TWD). */
  | 'TWD'
  /** Tanzanian Shilling (TZS). */
  | 'TZS'
  /** Ukrainian Hryvnia (UAH). */
  | 'UAH'
  /** Ugandan Shilling (UGX). */
  | 'UGX'
  /** United States Dollars (USD). */
  | 'USD'
  /** Uruguayan Pesos (UYU). */
  | 'UYU'
  /** Uzbekistan som (UZS). */
  | 'UZS'
  /** Venezuelan Bolivares (VED). */
  | 'VED'
  /** Venezuelan Bolivares (VEF). */
  | 'VEF'
  /** Venezuelan Bolivares Soberanos (VES). */
  | 'VES'
  /** Vietnamese đồng (VND). */
  | 'VND'
  /** Vanuatu Vatu (VUV). */
  | 'VUV'
  /** Samoan Tala (WST). */
  | 'WST'
  /** Central African CFA Franc (XAF). */
  | 'XAF'
  /** East Caribbean Dollar (XCD). */
  | 'XCD'
  /** West African CFA franc (XOF). */
  | 'XOF'
  /** CFP Franc (XPF). */
  | 'XPF'
  /** Unrecognized currency. */
  | 'XXX'
  /** Yemeni Rial (YER). */
  | 'YER'
  /** South African Rand (ZAR). */
  | 'ZAR'
  /** Zambian Kwacha (ZMW). */
  | 'ZMW';

/**
 * Filters products in a collection by matching a specific metafield value. Used by the [`ProductFilter`](https://shopify.dev/docs/api/storefront/current/input-objects/ProductFilter) input's `productMetafield` and `variantMetafield` fields.
 *
 * Supports the following metafield types: `number_integer`, `number_decimal`, `single_line_text_field`, and `boolean`.
 *
 */
export type MetafieldFilter = {
  /** The key of the metafield to filter on. */
  key: string;
  /** The namespace of the metafield to filter on. */
  namespace: string;
  /** The value of the metafield. */
  value: string;
};

/**
 * A price range for filtering products in a collection. Used by the [`ProductFilter`](https://shopify.dev/docs/api/storefront/current/input-objects/ProductFilter) input's [`price`](https://shopify.dev/docs/api/storefront/current/input-objects/ProductFilter#fields-price) field.
 *
 * > Note: Omitting the [maximum](https://shopify.dev/docs/api/storefront/currents/input-objects/PriceRangeFilter#fields-max) returns all products above the [minimum](https://shopify.dev/docs/api/storefront/current/input-objects/PriceRangeFilter#fields-min).
 *
 */
export type PriceRangeFilter = {
  /** The maximum price in the range. Empty indicates no max price. */
  max?: number | null | undefined;
  /** The minimum price in the range. Defaults to zero. */
  min?: number | null | undefined;
};

/**
 * Sort options for products within a [`Collection`](https://shopify.dev/docs/api/storefront/current/objects/Collection). Used by the [`products`](https://shopify.dev/docs/api/storefront/current/objects/Collection#field-Collection.fields.products) connection to order results by best-selling, price, title, creation date, or the collection's default and manual ordering.
 *
 * > Note: The [`RELEVANCE`](https://shopify.dev/docs/api/storefront/current/enums/ProductCollectionSortKeys#enums-RELEVANCE) key applies only when you specify a search query.
 *
 */
export type ProductCollectionSortKeys =
  /** Sort by the `best-selling` value. */
  | 'BEST_SELLING'
  /** Sort by the `collection-default` value. */
  | 'COLLECTION_DEFAULT'
  /** Sort by the `created` value. */
  | 'CREATED'
  /** Sort by the `id` value. */
  | 'ID'
  /** Sort by the `manual` value. */
  | 'MANUAL'
  /** Sort by the `price` value. */
  | 'PRICE'
  /**
   * Sort by relevance to the search terms when the `query` parameter is specified on the connection.
   * Don't use this sort key when no search query is specified.
   *
   */
  | 'RELEVANCE'
  /** Sort by the `title` value. */
  | 'TITLE';

/**
 * The input fields for a filter used to view a subset of products in a collection.
 * By default, the `available` and `price` filters are enabled. Filters are customized with the Shopify Search & Discovery app.
 * Learn more about [customizing storefront filtering](https://help.shopify.com/manual/online-store/themes/customizing-themes/storefront-filters).
 *
 */
export type ProductFilter = {
  /** Filter on if the product is available for sale. */
  available?: boolean | null | undefined;
  /** A product category to filter on. */
  category?: CategoryFilter | null | undefined;
  /** A range of prices to filter with-in. */
  price?: PriceRangeFilter | null | undefined;
  /** A product metafield to filter on. */
  productMetafield?: MetafieldFilter | null | undefined;
  /** The product type to filter on. */
  productType?: string | null | undefined;
  /** The product vendor to filter on. */
  productVendor?: string | null | undefined;
  /** A product tag to filter on. */
  tag?: string | null | undefined;
  /** A standard product attribute metafield to filter on. */
  taxonomyMetafield?: TaxonomyMetafieldFilter | null | undefined;
  /** A variant metafield to filter on. */
  variantMetafield?: MetafieldFilter | null | undefined;
  /** A variant option to filter on. */
  variantOption?: VariantOptionFilter | null | undefined;
};

/**
 * A filter used to view a subset of products in a collection matching a specific taxonomy metafield value.
 *
 */
export type TaxonomyMetafieldFilter = {
  /** The key of the metafield to filter on. */
  key: string;
  /** The namespace of the metafield to filter on. */
  namespace: string;
  /** The value of the metafield. */
  value: string;
};

/** The input fields for a filter used to view a subset of products in a collection matching a specific variant option. */
export type VariantOptionFilter = {
  /** The name of the variant option to filter on. */
  name: string;
  /** The value of the variant option to filter on. */
  value: string;
};

export type CollectionByIdQueryVariables = Exact<{
  id: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
  sortKey?: ProductCollectionSortKeys | null | undefined;
  reverse?: boolean | null | undefined;
  filters?: Array<ProductFilter> | null | undefined;
}>;


export type CollectionByIdQuery = { collection: { id: string, handle: string, title: string, description: string, descriptionHtml: string, seo: { title: string | null, description: string | null }, image: { id: string | null, url: string, altText: string | null, width: number | null, height: number | null } | null, products: { nodes: Array<{ id: string, handle: string, title: string, descriptionHtml: string, vendor: string, productType: string, createdAt: string, availableForSale: boolean, tags: Array<string>, images: { nodes: Array<{ id: string | null, url: string, altText: string | null, width: number | null, height: number | null }> }, variants: { nodes: Array<{ id: string, title: string, sku: string | null, quantityAvailable: number | null, availableForSale: boolean, currentlyNotInStock: boolean, price: { amount: string, currencyCode: CurrencyCode }, compareAtPrice: { amount: string, currencyCode: CurrencyCode } | null, selectedOptions: Array<{ name: string, value: string }>, image: { id: string | null, url: string, altText: string | null, width: number | null, height: number | null } | null }> }, priceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } }, compareAtPriceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } }, requestAQuote: { value: string } | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } | null };

export type CollectionByHandleQueryVariables = Exact<{
  handle: string;
  first?: number | null | undefined;
  after?: string | null | undefined;
  sortKey?: ProductCollectionSortKeys | null | undefined;
  reverse?: boolean | null | undefined;
  filters?: Array<ProductFilter> | null | undefined;
}>;


export type CollectionByHandleQuery = { collection: { id: string, handle: string, title: string, description: string, descriptionHtml: string, seo: { title: string | null, description: string | null }, image: { id: string | null, url: string, altText: string | null, width: number | null, height: number | null } | null, products: { nodes: Array<{ id: string, handle: string, title: string, descriptionHtml: string, vendor: string, productType: string, createdAt: string, availableForSale: boolean, tags: Array<string>, images: { nodes: Array<{ id: string | null, url: string, altText: string | null, width: number | null, height: number | null }> }, variants: { nodes: Array<{ id: string, title: string, sku: string | null, quantityAvailable: number | null, availableForSale: boolean, currentlyNotInStock: boolean, price: { amount: string, currencyCode: CurrencyCode }, compareAtPrice: { amount: string, currencyCode: CurrencyCode } | null, selectedOptions: Array<{ name: string, value: string }>, image: { id: string | null, url: string, altText: string | null, width: number | null, height: number | null } | null }> }, priceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } }, compareAtPriceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } }, requestAQuote: { value: string } | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } | null };

export type CollectionTagsQueryVariables = Exact<{
  id?: string | number | null | undefined;
  handle?: string | null | undefined;
}>;


export type CollectionTagsQuery = { collection: { id: string, products: { nodes: Array<{ tags: Array<string> }> } } | null };

export type CollectionsQueryVariables = Exact<{
  first?: number | null | undefined;
}>;


export type CollectionsQuery = { collections: { nodes: Array<{ id: string, handle: string, title: string, description: string, updatedAt: string, image: { id: string | null, url: string, altText: string | null, width: number | null, height: number | null } | null }> } };

export type MoneyFragment = { amount: string, currencyCode: CurrencyCode };

export type ImageFragment = { id: string | null, url: string, altText: string | null, width: number | null, height: number | null };

export type FileReferencesFragment = { references: { nodes: Array<
      | { __typename: 'Article' }
      | { __typename: 'Collection' }
      | { __typename: 'GenericFile', id: string, url: string | null, alt: string | null, originalFileSize: number | null, mimeType: string | null }
      | { __typename: 'MediaImage' }
      | { __typename: 'Metaobject' }
      | { __typename: 'Model3d' }
      | { __typename: 'Page' }
      | { __typename: 'Product' }
      | { __typename: 'ProductVariant' }
      | { __typename: 'Video' }
    > } | null };

export type VariantFragment = { id: string, title: string, sku: string | null, quantityAvailable: number | null, availableForSale: boolean, currentlyNotInStock: boolean, price: { amount: string, currencyCode: CurrencyCode }, compareAtPrice: { amount: string, currencyCode: CurrencyCode } | null, selectedOptions: Array<{ name: string, value: string }>, image: { id: string | null, url: string, altText: string | null, width: number | null, height: number | null } | null };

export type ProductDetailFragment = { id: string, title: string, handle: string, totalInventory: number | null, description: string, descriptionHtml: string, vendor: string, productType: string, availableForSale: boolean, tags: Array<string>, createdAt: string, seo: { title: string | null, description: string | null }, images: { nodes: Array<{ id: string | null, url: string, altText: string | null, width: number | null, height: number | null }> }, options: Array<{ id: string, name: string, optionValues: Array<{ id: string, name: string }> }>, variants: { nodes: Array<{ id: string, title: string, sku: string | null, quantityAvailable: number | null, availableForSale: boolean, currentlyNotInStock: boolean, price: { amount: string, currencyCode: CurrencyCode }, compareAtPrice: { amount: string, currencyCode: CurrencyCode } | null, selectedOptions: Array<{ name: string, value: string }>, image: { id: string | null, url: string, altText: string | null, width: number | null, height: number | null } | null }> }, priceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } }, compareAtPriceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } }, downloads: { references: { nodes: Array<
        | { __typename: 'Article' }
        | { __typename: 'Collection' }
        | { __typename: 'GenericFile', id: string, url: string | null, alt: string | null, originalFileSize: number | null, mimeType: string | null }
        | { __typename: 'MediaImage' }
        | { __typename: 'Metaobject' }
        | { __typename: 'Model3d' }
        | { __typename: 'Page' }
        | { __typename: 'Product' }
        | { __typename: 'ProductVariant' }
        | { __typename: 'Video' }
      > } | null } | null, directions: { references: { nodes: Array<
        | { __typename: 'Article' }
        | { __typename: 'Collection' }
        | { __typename: 'GenericFile', id: string, url: string | null, alt: string | null, originalFileSize: number | null, mimeType: string | null }
        | { __typename: 'MediaImage' }
        | { __typename: 'Metaobject' }
        | { __typename: 'Model3d' }
        | { __typename: 'Page' }
        | { __typename: 'Product' }
        | { __typename: 'ProductVariant' }
        | { __typename: 'Video' }
      > } | null } | null, requestAQuote: { value: string } | null, quantityTicker: { value: string } | null };

export type CollectionProductFragment = { id: string, handle: string, title: string, descriptionHtml: string, vendor: string, productType: string, createdAt: string, availableForSale: boolean, tags: Array<string>, images: { nodes: Array<{ id: string | null, url: string, altText: string | null, width: number | null, height: number | null }> }, variants: { nodes: Array<{ id: string, title: string, sku: string | null, quantityAvailable: number | null, availableForSale: boolean, currentlyNotInStock: boolean, price: { amount: string, currencyCode: CurrencyCode }, compareAtPrice: { amount: string, currencyCode: CurrencyCode } | null, selectedOptions: Array<{ name: string, value: string }>, image: { id: string | null, url: string, altText: string | null, width: number | null, height: number | null } | null }> }, priceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } }, compareAtPriceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } }, requestAQuote: { value: string } | null };

export type ProductSummaryFragment = { id: string, handle: string, title: string, vendor: string, productType: string, availableForSale: boolean, featuredImage: { id: string | null, url: string, altText: string | null, width: number | null, height: number | null } | null, priceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } } };

export type CollectionDetailFragment = { id: string, handle: string, title: string, description: string, descriptionHtml: string, seo: { title: string | null, description: string | null }, image: { id: string | null, url: string, altText: string | null, width: number | null, height: number | null } | null, products: { nodes: Array<{ id: string, handle: string, title: string, descriptionHtml: string, vendor: string, productType: string, createdAt: string, availableForSale: boolean, tags: Array<string>, images: { nodes: Array<{ id: string | null, url: string, altText: string | null, width: number | null, height: number | null }> }, variants: { nodes: Array<{ id: string, title: string, sku: string | null, quantityAvailable: number | null, availableForSale: boolean, currentlyNotInStock: boolean, price: { amount: string, currencyCode: CurrencyCode }, compareAtPrice: { amount: string, currencyCode: CurrencyCode } | null, selectedOptions: Array<{ name: string, value: string }>, image: { id: string | null, url: string, altText: string | null, width: number | null, height: number | null } | null }> }, priceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } }, compareAtPriceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } }, requestAQuote: { value: string } | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type ProductByHandleQueryVariables = Exact<{
  handle: string;
}>;


export type ProductByHandleQuery = { product: { id: string, title: string, handle: string, totalInventory: number | null, description: string, descriptionHtml: string, vendor: string, productType: string, availableForSale: boolean, tags: Array<string>, createdAt: string, seo: { title: string | null, description: string | null }, images: { nodes: Array<{ id: string | null, url: string, altText: string | null, width: number | null, height: number | null }> }, options: Array<{ id: string, name: string, optionValues: Array<{ id: string, name: string }> }>, variants: { nodes: Array<{ id: string, title: string, sku: string | null, quantityAvailable: number | null, availableForSale: boolean, currentlyNotInStock: boolean, price: { amount: string, currencyCode: CurrencyCode }, compareAtPrice: { amount: string, currencyCode: CurrencyCode } | null, selectedOptions: Array<{ name: string, value: string }>, image: { id: string | null, url: string, altText: string | null, width: number | null, height: number | null } | null }> }, priceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } }, compareAtPriceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } }, downloads: { references: { nodes: Array<
          | { __typename: 'Article' }
          | { __typename: 'Collection' }
          | { __typename: 'GenericFile', id: string, url: string | null, alt: string | null, originalFileSize: number | null, mimeType: string | null }
          | { __typename: 'MediaImage' }
          | { __typename: 'Metaobject' }
          | { __typename: 'Model3d' }
          | { __typename: 'Page' }
          | { __typename: 'Product' }
          | { __typename: 'ProductVariant' }
          | { __typename: 'Video' }
        > } | null } | null, directions: { references: { nodes: Array<
          | { __typename: 'Article' }
          | { __typename: 'Collection' }
          | { __typename: 'GenericFile', id: string, url: string | null, alt: string | null, originalFileSize: number | null, mimeType: string | null }
          | { __typename: 'MediaImage' }
          | { __typename: 'Metaobject' }
          | { __typename: 'Model3d' }
          | { __typename: 'Page' }
          | { __typename: 'Product' }
          | { __typename: 'ProductVariant' }
          | { __typename: 'Video' }
        > } | null } | null, requestAQuote: { value: string } | null, quantityTicker: { value: string } | null } | null };

export type ProductByIdQueryVariables = Exact<{
  id: string | number;
}>;


export type ProductByIdQuery = { product: { id: string, title: string, handle: string, totalInventory: number | null, description: string, descriptionHtml: string, vendor: string, productType: string, availableForSale: boolean, tags: Array<string>, createdAt: string, seo: { title: string | null, description: string | null }, images: { nodes: Array<{ id: string | null, url: string, altText: string | null, width: number | null, height: number | null }> }, options: Array<{ id: string, name: string, optionValues: Array<{ id: string, name: string }> }>, variants: { nodes: Array<{ id: string, title: string, sku: string | null, quantityAvailable: number | null, availableForSale: boolean, currentlyNotInStock: boolean, price: { amount: string, currencyCode: CurrencyCode }, compareAtPrice: { amount: string, currencyCode: CurrencyCode } | null, selectedOptions: Array<{ name: string, value: string }>, image: { id: string | null, url: string, altText: string | null, width: number | null, height: number | null } | null }> }, priceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } }, compareAtPriceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } }, downloads: { references: { nodes: Array<
          | { __typename: 'Article' }
          | { __typename: 'Collection' }
          | { __typename: 'GenericFile', id: string, url: string | null, alt: string | null, originalFileSize: number | null, mimeType: string | null }
          | { __typename: 'MediaImage' }
          | { __typename: 'Metaobject' }
          | { __typename: 'Model3d' }
          | { __typename: 'Page' }
          | { __typename: 'Product' }
          | { __typename: 'ProductVariant' }
          | { __typename: 'Video' }
        > } | null } | null, directions: { references: { nodes: Array<
          | { __typename: 'Article' }
          | { __typename: 'Collection' }
          | { __typename: 'GenericFile', id: string, url: string | null, alt: string | null, originalFileSize: number | null, mimeType: string | null }
          | { __typename: 'MediaImage' }
          | { __typename: 'Metaobject' }
          | { __typename: 'Model3d' }
          | { __typename: 'Page' }
          | { __typename: 'Product' }
          | { __typename: 'ProductVariant' }
          | { __typename: 'Video' }
        > } | null } | null, requestAQuote: { value: string } | null, quantityTicker: { value: string } | null } | null };

export type SearchProductsQueryVariables = Exact<{
  query: string;
  first?: number | null | undefined;
}>;


export type SearchProductsQuery = { search: { totalCount: number, nodes: Array<
      | { __typename: 'Article' }
      | { __typename: 'Page' }
      | { __typename: 'Product', id: string, handle: string, title: string, vendor: string, productType: string, availableForSale: boolean, featuredImage: { id: string | null, url: string, altText: string | null, width: number | null, height: number | null } | null, priceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } } }
    > } };

export type PredictiveSearchQueryVariables = Exact<{
  query: string;
  limit?: number | null | undefined;
}>;


export type PredictiveSearchQuery = { predictiveSearch: { products: Array<{ id: string, handle: string, title: string, vendor: string, productType: string, availableForSale: boolean, featuredImage: { id: string | null, url: string, altText: string | null, width: number | null, height: number | null } | null, priceRange: { minVariantPrice: { amount: string, currencyCode: CurrencyCode }, maxVariantPrice: { amount: string, currencyCode: CurrencyCode } } }>, collections: Array<{ id: string, handle: string, title: string, image: { id: string | null, url: string, altText: string | null, width: number | null, height: number | null } | null }>, queries: Array<{ text: string, styledText: string }> } | null };
