import { type CatalogKind, catalogKinds } from "~/domain/catalog/kinds";
import { AdminIcon } from "~/ui/admin/icons/admin-icon";
import { Button } from "~/ui/primitives/button";
import { Link } from "~/ui/primitives/link";

/** 'Importar (Excel)' / 'Exportar (Excel)' of the products and services lists. */
export function ExcelButtons({ kind }: { kind: CatalogKind }) {
  const { importPath, exportPath } = catalogKinds[kind];
  return (
    <>
      <Button asChild variant="outline">
        <Link to={importPath}>
          <AdminIcon name="file-up" /> Importar (Excel)
        </Link>
      </Button>
      <Button asChild variant="outline">
        {/* A download, not a page: the browser must not route it client-side. */}
        <a href={exportPath} download>
          <AdminIcon name="file-down" /> Exportar (Excel)
        </a>
      </Button>
    </>
  );
}
