import { WebSocketServer, WebSocket, Sender } from 'ws';
import { fork } from 'node:child_process';
const N = Number(process.argv[2] ?? 2000);
const PORT = 4290;
if (process.argv[3] === 'client') {
  let got = 0;
  const socks = [];
  for (let i = 0; i < N; i++) {
    const s = new WebSocket(`ws://127.0.0.1:${PORT}`, { perMessageDeflate: false, skipUTF8Validation: true });
    s.on('message', () => { got++; });
    socks.push(new Promise((r) => s.once('open', r)));
  }
  await Promise.all(socks);
  process.send('open');
} else {
  const server = new WebSocketServer({ port: PORT, host: '127.0.0.1', perMessageDeflate: false });
  const child = fork(new URL(import.meta.url).pathname, [String(N), 'client']);
  await new Promise((r) => child.once('message', r));
  const payload = Buffer.from(JSON.stringify({ cmd: 5004, data: JSON.stringify({ tag: '17643', coefficient: '1.23', flyEnd: 0, flightMs: 12345 }) }));
  const clients = [...server.clients];
  const framed = Buffer.concat(Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }));
  const run = (label, fn) => {
    const times = [];
    for (let k = 0; k < 30; k++) {
      const t = performance.now();
      fn();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(label, 'median ms per broadcast to', clients.length, times[15].toFixed(2));
  };
  for (let rep = 0; rep < 2; rep++) {
    run('ws.send(buffer)', () => { for (const c of clients) { if (c.bufferedAmount > 262144) continue; c.send(payload, { binary: false }); } });
    await new Promise((r) => setTimeout(r, 500));
    run('raw socket.write(framed)', () => { for (const c of clients) { if (c.bufferedAmount > 262144) continue; c._socket.write(framed); } });
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill(); process.exit(0);
}
