import { invalidOption } from '@latch/kernel';
/** One integrator's project: the page origins allowed to embed the wallet frame and use the service. */
export interface EmbeddedWalletProject {
  id: string;
  /** Exact origins, e.g. 'https://app.example.com' or 'http://localhost:5173' (scheme, host, port; no path). */
  allowedOrigins: readonly string[];
  /**
   * Projects with the same group share their visitors' wallets (one operator's sites). Default: the project's own
   * id, so a wallet made on one integrator's site is never offered on another's.
   */
  walletGroup?: string;
}

/** A project as the service uses it: its wallet group resolved. */
export type ResolvedProject = EmbeddedWalletProject & { readonly walletGroup: string };

/** Checks the projects and returns them by id, each with a frozen copy of its origins. */
export function resolveProjects(projects: readonly EmbeddedWalletProject[] | undefined): Map<string, ResolvedProject> {
  if (!Array.isArray(projects) || projects.length === 0) throw invalidOption('embedded wallet service: configure at least one project');
  const byId = new Map<string, ResolvedProject>();
  for (const project of projects) {
    const id = project?.id;
    if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) {
      throw invalidOption(`embedded wallet service: a project id is 1-64 letters, digits, '-' or '_' (got '${String(id)}')`);
    }
    if (byId.has(id)) throw invalidOption(`embedded wallet service: project '${id}' is configured twice`);
    const listed: readonly string[] = Array.isArray(project.allowedOrigins) ? project.allowedOrigins : [];
    const origins = listed.map((origin) => {
      let parsed: URL | undefined;
      try {
        parsed = new URL(origin);
      } catch {
        // reported below
      }
      if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.origin !== origin) {
        throw invalidOption(`embedded wallet service: project '${id}': '${origin}' is not an origin like https://app.example.com`);
      }
      return origin;
    });
    const group = project.walletGroup ?? id;
    if (typeof group !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(group)) {
      throw invalidOption(
        `embedded wallet service: project '${id}': walletGroup is 1-64 letters, digits, '-' or '_' (got '${String(group)}')`,
      );
    }
    byId.set(id, { id, allowedOrigins: Object.freeze(origins), walletGroup: group });
  }
  return byId;
}

/** The frame's CSP (PROTOCOL.md §3): only the project's origins may embed it. */
export function frameContentSecurityPolicy(project: EmbeddedWalletProject): string {
  const ancestors = project.allowedOrigins.length ? project.allowedOrigins.join(' ') : "'none'";
  return `default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors ${ancestors}; base-uri 'none'; form-action 'none'`;
}
