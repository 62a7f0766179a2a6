// One address's flood at a steady rate, for scripts/test/prod-limits.ts (run as its own process, so
// its CPU does not delay the spins measured there). autocannon's rate limit sends each second's
// quota at once: a burst whose CPU, not the database, then sets the other company's tail. Here a
// request leaves every 1000/rate ms, at most `connections` in flight; prints autocannon's summary
// shape: { requests: { total }, "2xx": n, "4xx": n, ..., errors }.
// Usage: node steady-flood.mjs <url> <rate/s> <seconds> <connections> <x-forwarded-for> <body>
import http from "node:http";

const [url, rate, seconds, connections, ip, body] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
const summary = { requests: { total: 0 }, errors: 0 };
let inFlight = 0;
const end = Date.now() + Number(seconds) * 1000;

function send() {
  inFlight++;
  const req = http.request(
    url,
    { method: "POST", agent, headers: { "content-type": "application/json", "x-forwarded-for": ip } },
    (res) => {
      res.resume();
      res.on("end", () => {
        inFlight--;
        summary.requests.total++;
        const k = `${String(res.statusCode)[0]}xx`;
        summary[k] = (summary[k] ?? 0) + 1;
      });
    },
  );
  req.on("error", () => {
    inFlight--;
    summary.errors++;
  });
  req.end(body);
}

const timer = setInterval(
  () => {
    if (Date.now() >= end) {
      clearInterval(timer);
      const done = setInterval(() => {
        if (inFlight > 0 && Date.now() < end + 5000) return;
        clearInterval(done);
        agent.destroy();
        process.stdout.write(JSON.stringify(summary));
      }, 20);
      return;
    }
    if (inFlight < Number(connections)) send();
  },
  1000 / Number(rate),
);
