/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface CheckoutPageModel {
  readonly serialNumber: string;
  /** The amount as shown to the payer, with the market's symbol ("₹ 100.00"). */
  readonly amountText: string;
  /** Whether the sandbox already took a payment for the order. */
  readonly paid: boolean;
  /** Where the buttons post: the page's own path. */
  readonly actionPath: string;
  /** Where "back to the shop" goes. */
  readonly returnPath: string;
}

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f4f5; color: #18181b; }
  main { max-width: 420px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 24px;
    box-shadow: 0 1px 4px rgba(0,0,0,.08); }
  h1 { font-size: 18px; margin: 0 0 4px; }
  .note { color: #71717a; font-size: 13px; margin: 0 0 20px; }
  .amount { font-size: 32px; font-weight: 700; margin: 8px 0 4px; }
  .serial { color: #52525b; font-size: 13px; margin-bottom: 24px; word-break: break-all; }
  form { margin: 0 0 12px; }
  button { width: 100%; padding: 14px; font-size: 16px; border-radius: 8px; border: 0; cursor: pointer; }
  .pay { background: #16a34a; color: #fff; }
  .fail { background: #e4e4e7; color: #18181b; }
  .done { color: #16a34a; font-weight: 600; margin-bottom: 16px; }
  a { color: #2563eb; }
`;

/** The sandbox gateway's checkout page: the amount and a Pay and a Fail button (plain forms, no script). */
export function renderCheckoutPage(model: CheckoutPageModel): string {
  const action = escapeHtml(model.actionPath);
  const body = model.paid
    ? `<p class="done">This order is paid.</p><p><a href="${escapeHtml(model.returnPath)}">Back to the shop</a></p>`
    : `<form method="post" action="${action}/pay"><button class="pay" type="submit">Pay</button></form>
       <form method="post" action="${action}/fail"><button class="fail" type="submit">Fail</button></form>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <h1>Sandbox checkout</h1>
  <p class="note">A test gateway: no real money moves. Pay credits the order, Fail declines it.</p>
  <div class="amount">${escapeHtml(model.amountText)}</div>
  <div class="serial">Order ${escapeHtml(model.serialNumber)}</div>
  ${body}
</main>
</body>
</html>`;
}

/** A short page for an order the sandbox does not know. */
export function renderUnknownOrderPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout</title><style>${STYLE}</style></head>
<body><main><h1>Sandbox checkout</h1><p>This order does not exist.</p></main></body></html>`;
}
