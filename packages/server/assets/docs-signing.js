// The /docs page's signing of private requests: a form for an API key and its secret, and the
// request interceptor "Try it out" calls (window.txcDocsSigning.sign), which puts `request` and a
// fresh `nonce` in the JSON body and adds X-TXC-APIKEY, X-TXC-PAYLOAD (base64 of the body) and
// X-TXC-SIGNATURE (hex HMAC-SHA512 of the payload, keyed with the secret), computed with Web
// Crypto. The secret lives in this page only, as a key Web Crypto will not export; nothing is sent
// or stored but the signed requests themselves.
(() => {
  const encoder = new TextEncoder();
  /** @type {{ apiKey: string, key: CryptoKey | null, lastNonce: number }} */
  const signing = { apiKey: '', key: null, lastNonce: 0 };

  function hex(buffer) {
    return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
  }

  function base64(text) {
    let binary = '';
    for (const byte of encoder.encode(text)) binary += String.fromCharCode(byte);
    return btoa(binary);
  }

  /** A private endpoint: a POST under /api/ that is not public. */
  function isPrivate(method, path) {
    return method.toUpperCase() === 'POST' && path.startsWith('/api/') && !path.includes('/public/');
  }

  /** Millisecond timestamps that never go backwards, as the SDK makes them. */
  function nonce() {
    signing.lastNonce = Math.max(Date.now(), signing.lastNonce + 1);
    return signing.lastNonce;
  }

  async function sign(request) {
    const path = new URL(request.url, window.location.href).pathname;
    if (signing.key === null || !isPrivate(request.method ?? 'GET', path)) return request;
    let fields = {};
    if (typeof request.body === 'string' && request.body.trim() !== '') fields = JSON.parse(request.body);
    const body = JSON.stringify({ ...fields, request: path, nonce: nonce() });
    const payload = base64(body);
    const signature = hex(await crypto.subtle.sign('HMAC', signing.key, encoder.encode(payload)));
    request.body = body;
    request.headers = {
      ...request.headers,
      'Content-Type': 'application/json',
      'X-TXC-APIKEY': signing.apiKey,
      'X-TXC-PAYLOAD': payload,
      'X-TXC-SIGNATURE': signature,
    };
    return request;
  }

  window.txcDocsSigning = { sign };

  function element(tag, attributes, text) {
    const e = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) e.setAttribute(name, value);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function mountForm() {
    const form = element('form', { id: 'txc-signing', class: 'wrapper', autocomplete: 'off' });
    form.style.cssText =
      'display:flex;gap:8px;align-items:center;flex-wrap:wrap;padding:12px 20px;font-family:sans-serif';
    const title = element('strong', {}, 'Sign private requests');
    const apiKey = element('input', { id: 'txc-api-key', placeholder: 'API key', size: '34', spellcheck: 'false' });
    const secret = element('input', { id: 'txc-api-secret', type: 'password', placeholder: 'API secret', size: '34' });
    const use = element('button', { id: 'txc-sign', type: 'submit', class: 'btn' }, 'Sign');
    const forget = element('button', { id: 'txc-forget', type: 'button', class: 'btn' }, 'Forget');
    const status = element('span', { id: 'txc-sign-status', role: 'status' });
    const show = (text) => {
      status.textContent = text;
    };
    if (window.crypto?.subtle === undefined) {
      show('Signing needs Web Crypto, which browsers give secure pages only: open /docs on localhost or over HTTPS.');
      use.disabled = true;
    } else {
      show('Private requests from "Try it out" go unsigned until a key is given.');
    }
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const key = apiKey.value.trim();
      if (key === '' || secret.value === '') return show('Give both the API key and its secret.');
      crypto.subtle
        .importKey('raw', encoder.encode(secret.value), { name: 'HMAC', hash: 'SHA-512' }, false, ['sign'])
        .then((cryptoKey) => {
          signing.apiKey = key;
          signing.key = cryptoKey;
          secret.value = '';
          show(`Private requests from "Try it out" are signed with ${key.slice(0, 8)}….`);
        })
        .catch((error) => show(`The secret cannot be used: ${error.message}`));
    });
    forget.addEventListener('click', () => {
      signing.apiKey = '';
      signing.key = null;
      apiKey.value = '';
      secret.value = '';
      show('Forgotten: private requests go unsigned.');
    });
    form.append(title, apiKey, secret, use, forget, status);
    document.body.insertBefore(form, document.body.firstChild);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountForm);
  else mountForm();
})();
