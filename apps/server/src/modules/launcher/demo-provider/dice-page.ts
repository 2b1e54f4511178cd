/**
 * The demo provider's page, script, style and icon. The page carries no inline script (the app's content
 * security policy allows only files of its own origin), and its texts come in the four app languages.
 */
export const DICE_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dice</title>
<link rel="stylesheet" href="/demo-provider/dice.css">
</head>
<body>
<main>
  <h1 data-text="title">Dice</h1>
  <p class="balance"><span data-text="balance">Balance</span>: <strong id="balance" data-testid="dice-balance">…</strong></p>
  <label><span data-text="stake">Stake</span> <input id="stake" data-testid="dice-stake" type="number" min="1" step="1" value="10"></label>
  <label><span data-text="target">Roll under</span> <input id="target" data-testid="dice-target" type="number" min="2" max="98" step="1" value="50"></label>
  <p class="odds"><span data-text="payout">Pays</span> × <span id="multiplier">1.96</span></p>
  <button id="roll" data-testid="dice-roll" type="button" disabled data-text="roll">Roll</button>
  <p id="result" data-testid="dice-result" aria-live="polite"></p>
  <p id="error" class="error" role="alert"></p>
  <details>
    <summary data-text="fairness">Fairness</summary>
    <p><span data-text="seedHash">Server seed hash</span>: <code id="seed-hash"></code></p>
    <p><span data-text="clientSeed">Your seed</span>: <input id="client-seed" maxlength="64"></p>
    <button id="reveal" type="button" data-text="reveal">Reveal server seed</button>
    <p><code id="revealed"></code></p>
  </details>
</main>
<script src="/demo-provider/dice.js"></script>
</body>
</html>
`;

export const DICE_PAGE_CSS = `body{margin:0;font-family:system-ui,sans-serif;background:#101826;color:#f2f5fa}
main{max-width:420px;margin:0 auto;padding:16px;display:flex;flex-direction:column;gap:12px}
h1{margin:0;font-size:22px}label{display:flex;justify-content:space-between;align-items:center;gap:8px}
input{width:120px;padding:8px;border-radius:6px;border:1px solid #3a4a63;background:#1b2638;color:inherit;font-size:16px}
button{padding:12px;border:0;border-radius:8px;background:#f5b400;color:#101826;font-weight:700;font-size:16px}
button:disabled{opacity:.5}.error{color:#ff7b7b}.win{color:#6fe39a}.lose{color:#ffb36b}code{word-break:break-all}
`;

export const DICE_ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" rx="24" fill="#f5b400"/><rect x="22" y="22" width="76" height="76" rx="14" fill="#fff"/><g fill="#101826"><circle cx="42" cy="42" r="8"/><circle cx="78" cy="42" r="8"/><circle cx="60" cy="60" r="8"/><circle cx="42" cy="78" r="8"/><circle cx="78" cy="78" r="8"/></g></svg>`;

export const DICE_PAGE_SCRIPT = `(function () {
  'use strict';
  var TEXTS = {
    en: { title: 'Dice', balance: 'Balance', stake: 'Stake', target: 'Roll under', payout: 'Pays', roll: 'Roll',
      fairness: 'Fairness', seedHash: 'Server seed hash', clientSeed: 'Your seed', reveal: 'Reveal server seed',
      win: 'You rolled {roll} and won {amount}', lose: 'You rolled {roll}. No win this time', expired: 'This game link was already used or has expired' },
    pt: { title: 'Dados', balance: 'Saldo', stake: 'Aposta', target: 'Abaixo de', payout: 'Paga', roll: 'Rolar',
      fairness: 'Justiça', seedHash: 'Hash da semente do servidor', clientSeed: 'Sua semente', reveal: 'Revelar semente',
      win: 'Você tirou {roll} e ganhou {amount}', lose: 'Você tirou {roll}. Sem ganho desta vez', expired: 'Este link do jogo já foi usado ou expirou' },
    es: { title: 'Dados', balance: 'Saldo', stake: 'Apuesta', target: 'Menor que', payout: 'Paga', roll: 'Tirar',
      fairness: 'Equidad', seedHash: 'Hash de la semilla del servidor', clientSeed: 'Tu semilla', reveal: 'Revelar semilla',
      win: 'Sacaste {roll} y ganaste {amount}', lose: 'Sacaste {roll}. Sin premio esta vez', expired: 'Este enlace del juego ya se usó o expiró' },
    vi: { title: 'Xúc xắc', balance: 'Số dư', stake: 'Tiền cược', target: 'Nhỏ hơn', payout: 'Trả', roll: 'Tung',
      fairness: 'Công bằng', seedHash: 'Mã băm hạt giống máy chủ', clientSeed: 'Hạt giống của bạn', reveal: 'Tiết lộ hạt giống',
      win: 'Bạn tung được {roll} và thắng {amount}', lose: 'Bạn tung được {roll}. Lần này chưa thắng', expired: 'Liên kết trò chơi đã được dùng hoặc đã hết hạn' }
  };
  var params = new URLSearchParams(location.search);
  var lang = (params.get('lang') || 'en').slice(0, 2).toLowerCase();
  var text = TEXTS[lang] || TEXTS.en;
  document.documentElement.lang = lang;
  Array.prototype.forEach.call(document.querySelectorAll('[data-text]'), function (node) {
    var key = node.getAttribute('data-text');
    if (text[key]) node.textContent = text[key];
  });
  var byId = function (id) { return document.getElementById(id); };
  var sessionId = null;
  var money = function (minor) { return (minor / 100).toFixed(2); };
  var post = function (path, body) {
    return fetch('/demo-provider/api/' + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (response) { return response.json(); })
      .then(function (answer) { if (answer.code !== 200) throw new Error(answer.msg || 'Error'); return answer; });
  };
  var tellApp = function (balanceMinor) {
    // The app around the frame refreshes its balance when told; only a same-origin parent is told.
    if (window.parent !== window) window.parent.postMessage({ type: 'exg:balance', balance_minor: balanceMinor }, location.origin);
  };
  var showBalance = function (balanceMinor) { byId('balance').textContent = money(balanceMinor); tellApp(balanceMinor); };
  var showError = function (error) { byId('error').textContent = error.message; };
  var updateMultiplier = function () {
    var target = Number(byId('target').value);
    byId('multiplier').textContent = target >= 2 && target <= 98 ? (98 / target).toFixed(4) : '-';
  };
  var randomSeed = function () {
    var bytes = new Uint8Array(10); crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  };
  byId('client-seed').value = randomSeed();
  byId('target').addEventListener('input', updateMultiplier);
  updateMultiplier();
  post('open', { token: params.get('token') || '' }).then(function (answer) {
    sessionId = answer.session_id;
    byId('seed-hash').textContent = answer.server_seed_hash;
    showBalance(answer.balance_minor);
    byId('roll').disabled = false;
  }).catch(function () { byId('error').textContent = text.expired; });
  byId('roll').addEventListener('click', function () {
    byId('roll').disabled = true;
    byId('error').textContent = '';
    post('roll', {
      session_id: sessionId,
      stake_minor: Math.round(Number(byId('stake').value) * 100),
      target: Number(byId('target').value),
      client_seed: byId('client-seed').value
    }).then(function (answer) {
      var roll = (answer.roll / 100).toFixed(2);
      var result = byId('result');
      result.className = answer.win ? 'win' : 'lose';
      result.textContent = (answer.win ? text.win : text.lose).replace('{roll}', roll).replace('{amount}', money(answer.payout_minor));
      byId('seed-hash').textContent = answer.server_seed_hash;
      showBalance(answer.balance_minor);
    }).catch(showError).then(function () { byId('roll').disabled = false; });
  });
  byId('reveal').addEventListener('click', function () {
    post('reveal', { session_id: sessionId }).then(function (answer) {
      byId('revealed').textContent = answer.server_seed;
      byId('seed-hash').textContent = answer.next_server_seed_hash;
    }).catch(showError);
  });
})();
`;
