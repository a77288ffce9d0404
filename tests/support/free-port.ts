import { createServer } from "node:net";

/** A port the OS has just handed out on the loopback interface (free now; the caller binds it next). */
export const freePort = (host = "127.0.0.1") =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
