import { FileDown, FileUp } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/ui/primitives/button";

/** 'Importar (Excel)' / 'Exportar (Excel)' of the products and services lists. */
export function ExcelButtons({ base }: { base: "/admin/productos" | "/admin/servicios" }) {
  return (
    <>
      <Button asChild variant="outline">
        <Link to={`${base}/importar`}>
          <FileUp aria-hidden /> Importar (Excel)
        </Link>
      </Button>
      <Button asChild variant="outline">
        {/* A download, not a page: the browser must not route it client-side. */}
        <a href={`${base}/exportar`} download>
          <FileDown aria-hidden /> Exportar (Excel)
        </a>
      </Button>
    </>
  );
}
