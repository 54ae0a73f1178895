/**
 * What `npm start` runs first: builds the web client (web/dist) and bundles the service (dist/server),
 * each only when missing or older than its sources with `--if-stale`.
 */

import { buildServer, isServerStale } from './build-server.js'
import { buildWeb, isStale as isWebStale } from './build-web.js'

const ifStale = process.argv.includes('--if-stale')
if (!ifStale || isWebStale()) await buildWeb()
else console.log('web client is up to date (web/dist)')
if (!ifStale || isServerStale()) await buildServer()
else console.log('service bundle is up to date (dist/server)')
