/**
 * CPU time of processes on this machine, read from /proc (Linux): the server under test (its process group)
 * and the PostgreSQL backends serving one database. CPU time is the stable measure on a shared machine
 * where wall-clock latency follows everyone else's load.
 */
import fs from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

interface ProcStat {
  pid: number;
  pgrp: number;
  cpuMs: number;
}

function readStat(pid: string): ProcStat | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command may hold spaces and parentheses: fields start after the last ')'
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // f[0] is field 3 (state): pgrp is field 5, utime 14, stime 15
    return { pid: Number(pid), pgrp: Number(f[2]), cpuMs: (Number(f[11]) + Number(f[12])) * TICK_MS };
  } catch {
    return null;
  }
}

const pids = () => (fs.existsSync('/proc') ? fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)) : []);

/** CPU ms used so far by the live processes of a process group; null off Linux. */
export function groupCpuMs(pgid: number): number | null {
  if (!fs.existsSync('/proc')) return null;
  let total = 0;
  for (const pid of pids()) {
    const st = readStat(pid);
    if (st && st.pgrp === pgid) total += st.cpuMs;
  }
  return total;
}

/** CPU ms used so far by the live PostgreSQL backends connected to `database` (their titles name it); null off Linux. */
export function postgresBackendsCpuMs(database: string): number | null {
  if (!fs.existsSync('/proc')) return null;
  let total = 0;
  for (const pid of pids()) {
    let cmd: string;
    try {
      cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!cmd.startsWith('postgres: ') || !cmd.includes(` ${database} `)) continue;
    total += readStat(pid)?.cpuMs ?? 0;
  }
  return total;
}

/**
 * Run `loop` and report the CPU it cost per operation: this process's (process.cpuUsage: the client's
 * JavaScript, the driver) and the PostgreSQL backends' serving `database` (from /proc; null off Linux).
 * Ticks are 10 ms, so a loop should run for a second or more.
 */
export async function cpuPerOp<T>(
  database: string | null,
  ops: number,
  loop: () => Promise<T>,
): Promise<{ value: T; processMs: number; backendMs: number | null }> {
  const p0 = process.cpuUsage();
  const b0 = database ? postgresBackendsCpuMs(database) : null;
  const value = await loop();
  const p = process.cpuUsage(p0);
  const b1 = database ? postgresBackendsCpuMs(database) : null;
  const r1 = (x: number) => Math.round(x * 10) / 10;
  return { value, processMs: r1((p.user + p.system) / 1000 / ops), backendMs: b0 === null || b1 === null ? null : r1((b1 - b0) / ops) };
}
