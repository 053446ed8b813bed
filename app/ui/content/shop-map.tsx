import { type ReactNode, useEffect, useRef, useState } from "react";

import { buildMapsSearchUrl, MAP_ZOOM, SHOP_LOCATION } from "~/domain/content/shop-profile";
import { cn } from "~/lib/cn";
import { Icon } from "~/ui/icons/icon";
import { Button } from "~/ui/primitives/button";

// The few pieces of the Google Maps JavaScript API used here (no @types package needed).
type LatLng = { lat: number; lng: number };
type GoogleMaps = {
  importLibrary(name: "maps"): Promise<{ Map: new (element: HTMLElement, options: object) => object }>;
  importLibrary(name: "marker"): Promise<{ Marker: new (options: object) => object }>;
};
type MapsWindow = Window & {
  google?: { maps?: GoogleMaps };
  gm_authFailure?: () => void;
  __patitasMapsReady?: () => void;
};

const LOAD_TIMEOUT_MS = 15_000;
const READY_CALLBACK = "__patitasMapsReady";

let mapsLoader: Promise<GoogleMaps> | undefined;

/**
 * Loads the Maps script once per page. Google reports a refused key (wrong, or not
 * allowed for this site) through the global gm_authFailure, after the script loaded.
 */
function loadGoogleMaps(apiKey: string, onAuthFailure: () => void): Promise<GoogleMaps> {
  const mapsWindow = window as MapsWindow;
  mapsWindow.gm_authFailure = onAuthFailure;
  mapsLoader ??= new Promise<GoogleMaps>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error("Google Maps did not answer")), LOAD_TIMEOUT_MS);
    mapsWindow[READY_CALLBACK] = () => {
      window.clearTimeout(timer);
      const maps = mapsWindow.google?.maps;
      if (maps) resolve(maps);
      else reject(new Error("Google Maps loaded without its API"));
    };
    const script = document.createElement("script");
    const params = new URLSearchParams({
      key: apiKey,
      callback: READY_CALLBACK,
      loading: "async",
      language: "es",
      region: "PE",
    });
    script.src = `https://maps.googleapis.com/maps/api/js?${params}`;
    script.async = true;
    script.onerror = () => {
      window.clearTimeout(timer);
      reject(new Error("The Google Maps script failed to load"));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    // A later visit to the page may try again (e.g. after a network hiccup).
    mapsLoader = undefined;
    throw error;
  });
  return mapsLoader;
}

type MapStatus = "loading" | "ready" | "error";

/**
 * The shop on a Google map, centred on SHOP_LOCATION at zoom 15 with one marker. The
 * script is fetched in the browser only, when the map is about to scroll into view.
 * Without a key (or when Google refuses it) a message explains why; the 'Cómo llegar'
 * link always works.
 */
export function ShopMap({ apiKey, shopName, address }: { apiKey: string; shopName: string; address: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<MapStatus>("loading");

  useEffect(() => {
    const container = containerRef.current;
    if (!apiKey || !container) return;
    let isCancelled = false;
    const fail = () => {
      if (!isCancelled) setStatus("error");
    };
    const showMap = async () => {
      const maps = await loadGoogleMaps(apiKey, fail);
      const [{ Map }, { Marker }] = await Promise.all([maps.importLibrary("maps"), maps.importLibrary("marker")]);
      if (isCancelled) return;
      const center: LatLng = { ...SHOP_LOCATION };
      const map = new Map(container, { center, zoom: MAP_ZOOM });
      new Marker({ position: center, map, title: shopName });
      setStatus("ready");
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        showMap().catch(fail);
      },
      { rootMargin: "300px" },
    );
    observer.observe(container);
    return () => {
      isCancelled = true;
      observer.disconnect();
    };
  }, [apiKey, shopName]);

  return (
    <div className="flex flex-col gap-4">
      {apiKey ? (
        <div className="relative aspect-[4/3] w-full overflow-hidden rounded-2xl border bg-primary-soft sm:aspect-[16/7]">
          <div
            ref={containerRef}
            className="absolute inset-0"
            role="region"
            aria-label={`Mapa con la ubicación de ${shopName}`}
          />
          {status === "error" ? (
            <MapNotice
              icon={<Icon name="triangle-alert" className="size-8" aria-hidden />}
              isAlert
              className="absolute inset-0 z-10"
            >
              Error al cargar el mapa...
            </MapNotice>
          ) : status === "loading" ? (
            <p className="absolute inset-0 flex items-center justify-center text-muted">Cargando mapa...</p>
          ) : null}
        </div>
      ) : (
        <MapFallback address={address} />
      )}
      {apiKey ? <Directions address={address} /> : null}
    </div>
  );
}

/** Without a map, the address itself and a link to it: a shopper never reads about settings. */
function MapFallback({ address }: { address: string }) {
  return (
    <MapNotice icon={<Icon name="map-pin" className="size-8" aria-hidden />} className="rounded-2xl border px-6 py-10">
      <span className="block font-semibold">{address}</span>
      <Button asChild variant="outline" className="mt-4">
        <a href={buildMapsSearchUrl(address)} target="_blank" rel="noopener noreferrer">
          <Icon name="navigation" aria-hidden />
          Ver en Google Maps
          <span className="sr-only"> (se abre en una pestaña nueva)</span>
        </a>
      </Button>
    </MapNotice>
  );
}

/** Under the map: 'Cómo llegar' and the address. */
function Directions({ address }: { address: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button asChild variant="outline">
        <a href={buildMapsSearchUrl(address)} target="_blank" rel="noopener noreferrer">
          <Icon name="navigation" aria-hidden />
          Cómo llegar
          <span className="sr-only"> (se abre Google Maps en una pestaña nueva)</span>
        </a>
      </Button>
      <p className="text-sm text-muted">{address}</p>
    </div>
  );
}

function MapNotice({
  icon,
  isAlert = false,
  className,
  children,
}: {
  icon: ReactNode;
  isAlert?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role={isAlert ? "alert" : undefined}
      className={cn(
        "flex flex-col items-center justify-center gap-3 bg-primary-soft p-6 text-center text-ink",
        className,
      )}
    >
      <span className="text-primary-strong">{icon}</span>
      <div className="max-w-md">{children}</div>
    </div>
  );
}
