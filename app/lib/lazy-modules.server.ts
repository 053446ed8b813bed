// exceljs and sharp are loaded on first use (an export, an import, an upload, a share
// card): the storefront's requests never need them, and a small server does not keep
// their ~25 MB resident until the owner does (bench/README.md, memory).

export async function loadExcelJS() {
  return (await import("exceljs")).default;
}

export async function loadSharp() {
  return (await import("sharp")).default;
}
