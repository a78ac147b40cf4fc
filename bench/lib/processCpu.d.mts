export interface ProcStat {
  ppid: number;
  /** user + system, in clock ticks */
  ticks: number;
  /** clock ticks after boot */
  startTime: number;
}
export function parseProcStat(text: string): ProcStat;
export function parseMachineStat(text: string): { busy: number; idle: number };
export function processKind(cmdline: string): string;
export function laneOf(cmdlines: string[]): string;
export interface SampledProcess {
  pid: number;
  cmdline: string;
  ticks: number;
  kind: string;
  lane: string;
}
export function processSampler(options?: { proc?: string }): { scan(): void; result(): SampledProcess[] };
export function sumBy<F extends string>(
  processes: ({ ticks: number } & Record<F, string>)[],
  field: F | F[],
): { name: string; processes: number; ticks: number }[];
