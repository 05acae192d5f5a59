import type { ProfileLinks, ProfileLinksInput, ProfilePicture } from '../../../../../contracts/profile';
import { apiRequest } from '../../../lib/api-client';
import { uploadPicture } from '../../../lib/upload-media';

/** PUT /api/user/picture (bearer, multipart `file`) → 200 {response: ProfilePicture} */
export function uploadProfilePicture(file: File) {
  return uploadPicture<ProfilePicture>(file, '/api/user/picture', 'PUT');
}

/** DELETE /api/user/picture (bearer) → 204: neither an uploaded picture nor an address. */
export function removeProfilePicture() {
  return apiRequest<null>('/api/user/picture', { method: 'DELETE', auth: true });
}

/** PUT /api/user/links (bearer) {website, elsewhere} → 200 {response: ProfileLinks} */
export function saveProfileLinks(input: ProfileLinksInput) {
  return apiRequest<{ response: ProfileLinks }>('/api/user/links', {
    method: 'PUT',
    body: input,
    auth: true,
  });
}
