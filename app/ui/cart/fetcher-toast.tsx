import { useFetcher } from "react-router";

import type { ToastMessage } from "~/lib/toast";
import { useToastFrom } from "~/ui/toaster";

/**
 * Shows the toast a keyed fetcher's action answered. It lives apart from the form that
 * sent it: a removed cart line unmounts in the same render that brings its answer
 * ('Producto Eliminado'), so the line itself would never see it.
 */
export function FetcherToast({ fetcherKey }: { fetcherKey: string }) {
  const fetcher = useFetcher<{ toast?: ToastMessage }>({ key: fetcherKey });
  useToastFrom(fetcher.data?.toast);
  return null;
}
