import Fastify from 'fastify';

// The yardstick for the read figure: the same Fastify, one process, no plugins, no database. Spawned by
// the bench on the PORT it picks, so it runs on the same machine under the same conditions as the server.
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const port = Number(process.env.PORT);
await app.listen({ port, host: '127.0.0.1' });

const shutdown = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
