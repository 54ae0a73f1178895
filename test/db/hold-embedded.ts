/** Starts the embedded server on argv[2] and keeps running until killed (for test/db/embedded.test.ts). */
import { startEmbedded } from '../../src/db/embedded.js'

const server = await startEmbedded({ dataDir: process.argv[2] as string })
process.stdout.write(`ready ${server.pid}\n`)
setInterval(() => {}, 1 << 30)
