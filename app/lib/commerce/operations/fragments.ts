// Shared selections. GraphQL rejects a document that defines a fragment twice, so fragments do
// not interpolate each other: every operation interpolates, once each, all the fragments it
// spreads (directly or through another fragment).

export const MONEY_FRAGMENT = `#graphql
  fragment Money on MoneyV2 {
    amount
    currencyCode
  }
` as const;

export const IMAGE_FRAGMENT = `#graphql
  fragment Image on Image {
    id
    url
    altText
    width
    height
  }
` as const;

// product §9: at most 10 file references per list metafield.
export const FILE_REFERENCES_FRAGMENT = `#graphql
  fragment FileReferences on Metafield {
    references(first: 10) {
      nodes {
        __typename
        ... on GenericFile {
          id
          url
          alt
          originalFileSize
          mimeType
        }
      }
    }
  }
` as const;

// Uses: Money, Image.
export const VARIANT_FRAGMENT = `#graphql
  fragment Variant on ProductVariant {
    id
    title
    sku
    quantityAvailable
    availableForSale
    currentlyNotInStock
    price {
      ...Money
    }
    compareAtPrice {
      ...Money
    }
    selectedOptions {
      name
      value
    }
    image {
      ...Image
    }
  }
` as const;

// Uses: Variant, Money, Image, FileReferences. product §3 and §9: 5 images, 100 variants.
export const PRODUCT_FRAGMENT = `#graphql
  fragment ProductDetail on Product {
    id
    title
    handle
    totalInventory
    description
    descriptionHtml
    vendor
    productType
    availableForSale
    tags
    createdAt
    seo {
      title
      description
    }
    images(first: 5) {
      nodes {
        ...Image
      }
    }
    options {
      id
      name
      optionValues {
        id
        name
      }
    }
    variants(first: 100) {
      nodes {
        ...Variant
      }
    }
    priceRange {
      minVariantPrice {
        ...Money
      }
      maxVariantPrice {
        ...Money
      }
    }
    compareAtPriceRange {
      minVariantPrice {
        ...Money
      }
      maxVariantPrice {
        ...Money
      }
    }
    downloads: metafield(namespace: "custom", key: "downloads") {
      ...FileReferences
    }
    directions: metafield(namespace: "custom", key: "directions") {
      ...FileReferences
    }
    requestAQuote: metafield(namespace: "custom", key: "request_a_quote") {
      value
    }
    quantityTicker: metafield(namespace: "custom", key: "quantity_ticker") {
      value
    }
    # The product page's breadcrumb leads back to one collection.
    collections(first: 1) {
      nodes {
        id
        handle
        title
      }
    }
  }
` as const;

// Uses: Variant, Money, Image. product §3 and §9: a collection shows 5 variants per product.
export const COLLECTION_PRODUCT_FRAGMENT = `#graphql
  fragment CollectionProduct on Product {
    id
    handle
    title
    descriptionHtml
    vendor
    productType
    createdAt
    availableForSale
    tags
    images(first: 5) {
      nodes {
        ...Image
      }
    }
    variants(first: 5) {
      nodes {
        ...Variant
      }
    }
    priceRange {
      minVariantPrice {
        ...Money
      }
      maxVariantPrice {
        ...Money
      }
    }
    compareAtPriceRange {
      minVariantPrice {
        ...Money
      }
      maxVariantPrice {
        ...Money
      }
    }
    requestAQuote: metafield(namespace: "custom", key: "request_a_quote") {
      value
    }
  }
` as const;

// Uses: Money, Image. What a search result or a search suggestion shows (product §3).
export const PRODUCT_SUMMARY_FRAGMENT = `#graphql
  fragment ProductSummary on Product {
    id
    handle
    title
    vendor
    productType
    availableForSale
    tags
    featuredImage {
      ...Image
    }
    priceRange {
      minVariantPrice {
        ...Money
      }
      maxVariantPrice {
        ...Money
      }
    }
  }
` as const;

// Uses: CollectionProduct, Variant, Money, Image. Spends the collection operations' paging,
// sorting and filter variables, so every operation spreading it declares the same ones.
export const COLLECTION_FRAGMENT = `#graphql
  fragment CollectionDetail on Collection {
    id
    handle
    title
    description
    descriptionHtml
    seo {
      title
      description
    }
    image {
      ...Image
    }
    products(
      first: $first
      after: $after
      sortKey: $sortKey
      reverse: $reverse
      filters: $filters
    ) {
      # Each product's cursor: a page that leaves out early-access products ends where it ends.
      edges {
        cursor
        node {
          ...CollectionProduct
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
` as const;
