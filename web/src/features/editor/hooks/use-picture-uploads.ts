import { useCallback, useState } from 'react';
import { NO_RESPONSE_MESSAGE } from '../../../lib/api-client';
import type { UploadResult } from '../../../lib/upload-media';

/** The upload calls, fetched with the first picture rather than with the writing page. */
const media = () => import('../../../lib/upload-media');
const unreachable: UploadResult = { ok: false, message: NO_RESPONSE_MESSAGE };

/** The body's pictures: uploaded or copied from a pasted page, with a note saying how it went. */
export function usePictureUploads() {
  const [message, setMessage] = useState<string | null>(null);

  const upload = useCallback(async (file: File) => {
    setMessage(`Uploading ${file.name || 'image'}…`);
    const result = await media().then(
      ({ uploadMedia }) => uploadMedia(file),
      () => unreachable,
    );
    setMessage(
      result.ok
        ? 'Image added. Select it to give it alt text and a caption.'
        : `Image not added: ${result.message}`,
    );
    return result.ok ? { url: result.media.url } : null;
  }, []);

  // The pictures of a paste from a web page are copied in; one that cannot be becomes a link, and
  // the note says which and why (it stays until the next picture is added).
  const copyRemote = useCallback(async (addresses: string[]) => {
    const count = addresses.length;
    setMessage(`Copying ${count === 1 ? 'a picture' : `${count} pictures`} from the pasted page…`);
    const results = await media().then(
      ({ copyRemoteMedia }) => Promise.all(addresses.map((address) => copyRemoteMedia(address))),
      () => addresses.map(() => unreachable),
    );
    const failures = results.flatMap((result, index) =>
      result.ok ? [] : [`${addresses[index]} (${result.message})`],
    );
    setMessage(
      failures.length === 0
        ? `${count === 1 ? 'Picture' : 'Pictures'} copied from the pasted page. Select one to give it alt text and a caption.`
        : `${failures.length === 1 ? 'A picture was' : `${failures.length} pictures were`} not copied and ${failures.length === 1 ? 'is' : 'are'} kept as a link: ${failures.join('; ')}.`,
    );
    return results.map((result) => (result.ok ? { url: result.media.url } : null));
  }, []);

  return { message, upload, copyRemote };
}
