import "server-only";
import { headers } from "next/headers";
import { escapeMarkup } from "../../psd2/markup/escape-markup";
import { NONCE_REQUEST_HEADER } from "./nonce-header";

/**
 * The page of a refused confirmation (POST /connect): a Route Handler cannot render the app's
 * layout, so a small page of its own, in the app's colours, styled under the response's nonce.
 * Says that nothing was sent to the bank, why, and links to the confirmation page again.
 */
export async function refusedConfirmationPage(status: 400 | 403, reason: string, confirmPath: string): Promise<Response> {
  const nonce = (await headers()).get(NONCE_REQUEST_HEADER);
  const style = `
    body { margin: 0; font-family: ui-sans-serif, system-ui, sans-serif; background: #f8fafc; color: #0f172a; line-height: 1.6; }
    main { max-width: 40rem; margin: 3rem auto; padding: 0 1rem; }
    section { background: #fff; border: 1px solid #fde68a; border-radius: 1rem; padding: 1.5rem 2rem; }
    .kicker { margin: 0; font-size: .875rem; font-weight: 500; text-transform: uppercase; letter-spacing: .05em; color: #b45309; }
    h1 { margin: .5rem 0 0; font-size: 1.5rem; }
    .actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.5rem; }
    a { border-radius: .5rem; padding: .5rem 1rem; font-size: .875rem; font-weight: 600; text-decoration: none; color: #334155; }
    a.primary { background: #1d4ed8; color: #fff; }
  `;
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Connection not started · PSD2 TPP Demo</title>
<style${nonce === null ? "" : ` nonce="${escapeMarkup(nonce)}"`}>${style}</style>
</head>
<body>
<main>
<section aria-labelledby="refused-title">
<p class="kicker">Connect your bank</p>
<h1 id="refused-title">Nothing was sent to the bank</h1>
<p>${escapeMarkup(reason)}</p>
<p>Only the confirmation page of this app starts a connection from a form. To connect your bank, confirm it there.</p>
<div class="actions"><a class="primary" href="${escapeMarkup(confirmPath)}">Go to the confirmation page</a><a href="/">Home</a></div>
</section>
</main>
</body>
</html>
`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });
}
