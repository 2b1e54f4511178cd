/** The packaged Android file's extension; the address is prefix + version + this (spec 01 §7). */
const ANDROID_PACKAGE_EXTENSION = '.apk';

/**
 * The app download address built from the server's prefix and the home record's android_version, or null
 * when either is missing (no bar is better than a bar that downloads nothing).
 */
export function appDownloadUrl(prefix: string, androidVersion: string): string | null {
  const base = prefix.trim();
  const version = androidVersion.trim();
  if (base === '' || version === '') return null;
  // Only a web address downloads anything; any other scheme would open a dead or unsafe page.
  if (!/^https?:\/\//i.test(base)) return null;
  return `${base}${version}${ANDROID_PACKAGE_EXTENSION}`;
}

/** Whether the download-app bar shows: outside the app, with an address to download from (spec 01 §2). */
export function showsDownloadBar(inApp: boolean, downloadUrl: string | null): downloadUrl is string {
  return !inApp && downloadUrl !== null;
}
