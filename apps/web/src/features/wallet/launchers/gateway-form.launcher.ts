/**
 * The hidden form a form-post gateway (ka, cashfree and the like) is opened with: POST to the gateway's
 * address with the answer's data_dict as hidden fields, in this window, as the gateway's own page expects.
 */
export function buildGatewayForm(
  doc: Document,
  action: string,
  fields: Readonly<Record<string, string>>,
): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.style.display = 'none';
  form.setAttribute('aria-hidden', 'true');
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  return form;
}

/** Posts the gateway form: the browser leaves the app for the gateway's payment page. */
export function postGatewayForm(action: string, fields: Readonly<Record<string, string>>): void {
  const form = buildGatewayForm(document, action, fields);
  document.body.append(form);
  form.submit();
}

/** Sends the browser to a payment address outside the app (a gateway's or the sandbox's checkout). */
export function openPaymentAddress(url: string): void {
  window.location.assign(url);
}

/**
 * Opens a UPI pay link: a plain `upi://pay` link, or on Android Chrome's `intent://` form of it that names
 * one app's package. The system hands the link to the app; where no app takes it, the browser stays on the
 * page (or follows the intent's fallback address).
 */
export function openAppLink(link: string): void {
  window.location.href = link;
}
