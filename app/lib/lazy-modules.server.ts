// exceljs and sharp are loaded on first use (an export, an import, an upload, a share
// card): the storefront's requests never need them, and a small server does not keep
// their memory resident until the owner does (measured in ADR 008).

export async function loadExcelJS() {
  return (await import("exceljs")).default;
}

export async function loadSharp() {
  return (await import("sharp")).default;
}
