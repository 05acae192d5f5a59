import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import {
  BROTLI_OPTIONS,
  COMPRESSION_THRESHOLD_BYTES,
  SYNC_COMPRESSION_LIMIT_BYTES,
  CONTENT_ENCODINGS,
  GZIP_OPTIONS,
  isCompressibleType,
  varyWithAcceptEncoding,
} from '../lib/content-encoding';

/**
 * Brotli or gzip for every compressible answer Fastify sends (issue 8 §5): pages, API JSON, feeds,
 * sitemaps, and static files that have no precompressed copy. @fastify/compress does the work with
 * the settings of lib/content-encoding.ts, which the response cache shares; static files are
 * precompressed at build and served as they are (@fastify/static's `preCompressed`).
 *
 * Request bodies are never decompressed: the API takes small JSON bodies, and a compressed body
 * would only be a way round the body limit.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: [...CONTENT_ENCODINGS],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESSION_LIMIT_BYTES,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
    customTypes: isCompressibleType,
    globalDecompression: false,
  });
  // @fastify/compress names accept-encoding in Vary only when it compressed. The answer to a client
  // that accepts no encoding depends on that header all the same, so a shared cache must not hand
  // those bytes to everyone. (Global onSend hooks run before the plugin's route-level one.)
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode === 200 && isCompressibleType(reply.getHeader('content-type'))) {
      const size =
        typeof payload === 'string'
          ? Buffer.byteLength(payload)
          : Buffer.isBuffer(payload)
            ? payload.length
            : Infinity;
      if (size >= COMPRESSION_THRESHOLD_BYTES)
        reply.header('vary', varyWithAcceptEncoding(reply.getHeader('vary')));
    }
    done(null, payload);
  });
}
