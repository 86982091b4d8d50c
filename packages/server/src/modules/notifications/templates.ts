/** Mail templates: one readable HTML and text version per event (spec section 7 names the events). */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

type Template = (data: Record<string, unknown>, ctx: { publicUrl: string }) => RenderedMail;

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.6">${p}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1c1a17;color:#f7f3ec;padding:12px 22px;border-radius:999px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#f7f3ec;font-family:Georgia,serif;color:#1c1a17">
<div style="max-width:560px;margin:0 auto;padding:40px 24px">
<div style="font-size:22px;letter-spacing:.2em;text-transform:uppercase;margin-bottom:32px">Facet</div>
<h1 style="font-weight:normal;font-size:26px;margin:0 0 20px">${escapeHtml(title)}</h1>${body}${button}
<p style="margin-top:40px;font-size:12px;color:#6b645a">Facet · custom jewelry, made to order</p>
</div></body></html>`;
}

const text = (title: string, paragraphs: string[], action?: { label: string; url: string }) =>
  [title, '', ...paragraphs, ...(action ? ['', `${action.label}: ${action.url}`] : []), '', 'Facet · custom jewelry, made to order'].join(
    '\n',
  );

function mail(title: string, paragraphs: string[], action?: { label: string; url: string }): RenderedMail {
  return {
    subject: title,
    html: layout(title, paragraphs.map(escapeHtml), action),
    text: text(title, paragraphs, action),
  };
}

const statusWords: Record<string, string> = {
  active: 'approved — you can now take on projects',
  hold: 'put on hold',
  deactivated: 'deactivated',
};

export const templates: Record<string, Template> = {
  'new-customer': (d, { publicUrl }) =>
    mail(
      `Welcome to Facet, ${d.firstName}`,
      [
        'Your account is ready. Upload a 3D model for an instant price in every metal, or describe your idea and invite a CAD designer to bring it to life.',
      ],
      { label: 'Go to your dashboard', url: `${publicUrl}/dashboard` },
    ),
  'new-professional': (d, { publicUrl }) =>
    mail(
      `Thanks for applying, ${d.firstName}`,
      [
        `We received your application as a ${d.role === 'service' ? 'service provider' : 'CAD designer'}. Our team reviews every profile, usually within two working days, and we will write to you as soon as you are approved.`,
      ],
      { label: 'See your application status', url: `${publicUrl}/pending` },
    ),
  'account-status': (d, { publicUrl }) =>
    mail(`Your Facet account was ${String(statusWords[String(d.status)] ?? d.status).split(' —')[0]}`, [
      `Hello ${d.firstName}, your account has been ${statusWords[String(d.status)] ?? d.status}.`,
      d.status === 'active'
        ? 'Sign in to see the projects you are invited to.'
        : `If you think this is a mistake, reply to this message or contact us at ${publicUrl}.`,
    ]),
};

export function renderMail(event: string, data: Record<string, unknown>, ctx: { publicUrl: string }): RenderedMail {
  const template = templates[event];
  if (!template) throw new Error(`no mail template for event ${event}`);
  return template(data, ctx);
}
