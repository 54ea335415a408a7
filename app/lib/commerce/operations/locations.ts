import type { TypedOperation } from "../../graphql/typed-operation";
import type {
  PickupLocationsQuery,
  PickupLocationsQueryVariables,
} from "../storefront-types.generated";

// The shop's pickup locations (product §5: "Local Pickup" needs one picked). Shopify lists at
// most 250 a page; a shop has a handful.
export const PICKUP_LOCATIONS_QUERY = `#graphql
  query PickupLocations($first: Int = 50) {
    locations(first: $first) {
      nodes {
        id
        name
        address {
          formatted
        }
      }
    }
  }
` as TypedOperation<PickupLocationsQuery, PickupLocationsQueryVariables>;
