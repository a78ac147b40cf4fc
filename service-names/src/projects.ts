import { invalidOption } from '@latch/kernel';
/** Which origins may call the service from a browser: a list of origins, or a test. */
export type AllowedOrigins = readonly string[] | ((origin: string) => boolean);

/** One integrator's project: the domain suffix its names end with, and the pages allowed to call. */
export interface NameProject {
  /** Names are `<label>.<suffix>`, e.g. 'latch.id'. */
  suffix: string;
  /** Browser pages allowed to call (CORS); none given: none (only requests without an Origin, and the service's own origin). */
  allowedOrigins?: AllowedOrigins;
}

/** The project of requests that name none (`?projectId=` absent) when only `suffix` is configured. */
export const DEFAULT_PROJECT_ID = 'default';

/** The projects from `{ projects }` or the shorthand `{ suffix, allowedOrigins }`, checked. */
export function resolveProjects(options: {
  projects?: Readonly<Record<string, NameProject>>;
  suffix?: string;
  allowedOrigins?: AllowedOrigins;
}): Map<string, NameProject> {
  const entries = Object.entries(options.projects ?? {});
  if (options.suffix !== undefined) entries.push([DEFAULT_PROJECT_ID, { suffix: options.suffix, allowedOrigins: options.allowedOrigins }]);
  if (entries.length === 0) throw invalidOption('createNameService: give `suffix` or `projects`');
  const projects = new Map<string, NameProject>();
  for (const [id, project] of entries) {
    const suffix = typeof project?.suffix === 'string' ? project.suffix.toLowerCase() : '';
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(suffix)) {
      throw invalidOption(`createNameService: project '${id}' needs a domain suffix such as 'latch.id' (got '${String(project?.suffix)}')`);
    }
    if (projects.has(id)) throw invalidOption(`createNameService: project '${id}' is configured twice`);
    projects.set(id, { suffix, allowedOrigins: project.allowedOrigins });
  }
  return projects;
}

/** Whether a page of `origin` may call: one of the project's allowed origins. None configured: no page. */
export function originAllowed(project: NameProject, origin: string): boolean {
  const allowed = project.allowedOrigins;
  if (!allowed) return false;
  return typeof allowed === 'function' ? allowed(origin) : allowed.includes(origin);
}
