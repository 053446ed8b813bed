import { escapeHtml } from "~/lib/text";

/** A titled block after the paragraphs: label and amount rows (an order's lines), then lines of text. */
export type MailSection = {
  title: string;
  rows?: { label: string; value: string; isTotal?: boolean }[];
  /** Each may hold line breaks (a payment method's instructions, opening hours). */
  lines?: string[];
};

export type MailContent = {
  heading: string;
  paragraphs: string[];
  sections?: MailSection[];
  action?: { label: string; url: string };
  note?: string;
};

/**
 * Text someone outside the shop typed (a name, an address), for an e-mail: anyone may give any
 * address at checkout, so it must not carry a link the shop would mail for them. Mail clients
 * turn what looks like one ('http://…', 'www.x.pe', 'a@b.pe') into a link even in plain text;
 * an invisible zero-width space before each '.', ':', '/' and '@' inside a word stops that
 * and leaves the text as it reads.
 */
export function breakLinks(text: string): string {
  return text.replace(/(?<=\S)(?=[.:/@]\S)/g, "\u200b");
}

/** Escaped, with its line breaks kept. */
function toHtmlLines(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, "<br>");
}

function renderSectionHtml(section: MailSection): string {
  const rows = (section.rows ?? [])
    .map((row) => {
      const weight = row.isTotal ? "font-weight:bold;font-size:17px;" : "";
      const cell = `padding:6px 0;border-top:1px solid #eeeeee;vertical-align:top;${weight}`;
      return `<tr><td style="${cell}">${toHtmlLines(row.label)}</td><td align="right" style="${cell}padding-left:12px;white-space:nowrap">${escapeHtml(row.value)}</td></tr>`;
    })
    .join("");
  const table = rows
    ? `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="margin:0 0 16px;border-collapse:collapse">${rows}</table>`
    : "";
  const lines = (section.lines ?? [])
    .map((line) => `<p style="margin:0 0 8px;line-height:1.5">${toHtmlLines(line)}</p>`)
    .join("");
  return `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(section.title)}</h2>${table}${lines}`;
}

function renderSectionText(section: MailSection): string[] {
  return [
    section.title,
    ...(section.rows ?? []).map((row) => `${row.label}: ${row.value}`),
    ...(section.lines ?? []),
    "",
  ];
}

export type MailBrand = { shopName: string; logoUrl: string; shopUrl: string };

/** A Spanish e-mail as HTML (inline styles, for mail clients) and as plain text. */
export function renderMail(brand: MailBrand, content: MailContent): { html: string; text: string } {
  const name = escapeHtml(brand.shopName);
  const paragraphs = content.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(paragraph)}</p>`)
    .join("");
  const sections = (content.sections ?? []).map(renderSectionHtml).join("");
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1d6b6b;color:#ffffff;padding:12px 24px;border-radius:999px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#5f6368">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${escapeHtml(content.action.url)}" style="color:#1d6b6b;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : "";
  const note = content.note
    ? `<p style="margin:16px 0 0;font-size:13px;color:#5f6368">${escapeHtml(content.note)}</p>`
    : "";
  const html = `<!doctype html>
<html lang="es"><body style="margin:0;background:#fffaf5;font-family:Arial,Helvetica,sans-serif;color:#2b2b2b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px" cellspacing="0" cellpadding="0"><tr><td>
<p style="margin:0 0 24px"><img src="${escapeHtml(brand.logoUrl)}" alt="${name}" width="56" height="56" style="vertical-align:middle"> <strong style="font-size:20px;color:#1d6b6b;vertical-align:middle">${name}</strong></p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${paragraphs}${sections}${action}${note}
</td></tr></table>
<p style="font-size:12px;color:#5f6368;margin:16px 0 0">${name} · <a href="${escapeHtml(brand.shopUrl)}" style="color:#5f6368">${escapeHtml(brand.shopUrl)}</a></p>
</td></tr></table></body></html>`;
  const text = [
    brand.shopName,
    "",
    content.heading,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(content.sections ?? []).flatMap(renderSectionText),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.note ? [content.note, ""] : []),
    `${brand.shopName} · ${brand.shopUrl}`,
  ].join("\n");
  return { html, text };
}
