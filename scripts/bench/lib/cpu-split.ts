// `bench:spin --split-cpus`: the server alone on CPU 0, Postgres and the load generator on the
// other CPUs, as when the database has a machine of its own (a deployment's DATABASE_URL). On this
// 2-CPU machine the three otherwise share both CPUs, and the database's work for a spin (~1.3 ms
// of CPU against ~0.2 ms for the trivial route) takes turns with the server's one JavaScript
// thread. Linux only (util-linux's taskset); changing the affinity of Postgres's processes needs
// root or the postgres user. Every process is given all CPUs back by the function returned.
import { execFileSync } from "node:child_process";
import os from "node:os";

const pin = (cpus: string, pid: number) => {
  try {
    execFileSync("taskset", ["-a", "-p", "-c", cpus, String(pid)], { stdio: "ignore" });
  } catch {
    // A backend that exited between pgrep and taskset: nothing to pin.
  }
};

function postgresPids(): number[] {
  try {
    return execFileSync("pgrep", ["-x", "postgres"], { encoding: "utf8" }).trim().split("\n").map(Number);
  } catch {
    return [];
  }
}

/** Pins the server, Postgres and this process (autocannon); returns the undo. */
export function splitCpus(serverPid: number): () => void {
  const n = os.cpus().length;
  const pids = postgresPids();
  if (n < 2) throw new Error("--split-cpus needs at least 2 CPUs");
  if (!pids.length) throw new Error("--split-cpus needs Postgres on this machine (no postgres process found)");
  const all = `0-${n - 1}`;
  const rest = `1-${n - 1}`;
  // The postmaster first: the backends it forks from now on inherit its CPUs.
  for (const pid of pids) pin(rest, pid);
  pin(rest, process.pid);
  pin("0", serverPid);
  return () => {
    for (const pid of postgresPids()) pin(all, pid);
    pin(all, process.pid);
  };
}
