import { isRouteErrorResponse, useRouteError } from "react-router";
import { StatusPage } from "./status-page";

/** A storefront route's error, shown inside the shop's header and footer. */
export function StoreErrorBoundary() {
  const error = useRouteError();
  return <StatusPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
