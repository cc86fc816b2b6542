/**
 * Preloaded (`node --import`) into a server script the tests cannot change, such as the MCP SDK's own examples,
 * which listen on every interface at a fixed port: the server's first listen goes to a free port on 127.0.0.1
 * instead, and the port is printed to stderr as `listening on 127.0.0.1:<port>`. The script itself runs unchanged.
 */
import net from "node:net";

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function loopbackListen(...args) {
  net.Server.prototype.listen = listen;
  const callback = typeof args.at(-1) === "function" ? args.at(-1) : undefined;
  this.once("listening", () => process.stderr.write(`listening on 127.0.0.1:${this.address().port}\n`));
  return callback ? listen.call(this, { port: 0, host: "127.0.0.1" }, callback) : listen.call(this, { port: 0, host: "127.0.0.1" });
};
