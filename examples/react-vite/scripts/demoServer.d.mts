export interface DemoServer {
  url: string;
  close(): Promise<void>;
}
export function serveDemo(options: { distDir: string; config: unknown; port?: number }): Promise<DemoServer>;
