import { escapeHtml } from '../html';

/** Server-rendered pages of the money path (the sandbox's hosted pages, receipts), in the app's look. */

const STYLE = `
:root{--ivory:#fbf8f3;--porcelain:#f4efe6;--ink:#1c1b22;--ink-soft:#3f3d47;--muted:#64616c;--line:#e4dccf;
--line-strong:#cfc3b1;--gold:#c9a96a;--gold-wash:#f6efe1;--gold-deep:#7d5f24;--danger:#a4312f;--danger-wash:#fbeceb;
--success:#2f6b48;--success-wash:#e8f3ec}
*{box-sizing:border-box}
body{margin:0;background:var(--ivory);color:var(--ink);font-family:'Inter Variable','Inter',system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.5}
main{max-width:480px;margin:0 auto;padding:48px 20px}
.brand{font-family:'Cormorant Garamond',Georgia,serif;font-size:26px;letter-spacing:.22em;text-transform:uppercase}
.badge{display:inline-block;margin-left:10px;padding:2px 10px;border:1px solid var(--gold);border-radius:999px;font-size:12px;letter-spacing:.04em;color:var(--gold-deep);background:var(--gold-wash);vertical-align:middle}
.card{margin-top:28px;background:#fff;border:1px solid var(--line);border-radius:16px;padding:28px}
h1{font-family:'Cormorant Garamond',Georgia,serif;font-weight:500;font-size:30px;margin:0 0 6px}
.amount{font-size:34px;font-weight:600;margin:6px 0 2px}
.muted{color:var(--muted);font-size:14px}
label{display:block;font-size:13px;font-weight:600;color:var(--ink-soft);margin:16px 0 6px}
input{width:100%;font:inherit;padding:11px 13px;border:1px solid var(--line-strong);border-radius:10px;background:#fff;color:var(--ink)}
input:focus{outline:2px solid var(--gold-deep);outline-offset:1px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:24px;width:100%;font:inherit;font-weight:600;padding:13px;border:0;border-radius:999px;background:var(--ink);color:var(--ivory);cursor:pointer}
button.secondary{background:#fff;color:var(--ink);border:1px solid var(--line-strong);margin-top:12px}
.error{margin-top:18px;padding:12px 14px;border-radius:10px;background:var(--danger-wash);color:var(--danger);font-size:14px}
.ok{margin-top:18px;padding:12px 14px;border-radius:10px;background:var(--success-wash);color:var(--success);font-size:14px}
.hint{margin-top:22px;padding:12px 14px;border:1px dashed var(--line-strong);border-radius:10px;font-size:13px;color:var(--muted)}
.hint code{color:var(--ink-soft)}
a{color:var(--gold-deep)}
.cancel{display:block;text-align:center;margin-top:18px;font-size:14px}
table{width:100%;border-collapse:collapse;margin-top:16px;font-size:14px}
td{padding:8px 0;border-bottom:1px solid var(--line)}td.num{text-align:right}
@media print{body{background:#fff}.noprint{display:none}.card{border:0;padding:0}}
`;

export function htmlPage(title: string, body: string, badge = 'Sandbox'): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Facet</title><style>${STYLE}</style></head>
<body><main><div class="brand">Facet${badge ? `<span class="badge">${escapeHtml(badge)}</span>` : ''}</div>${body}</main></body></html>`;
}
