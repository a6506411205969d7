/**
 * The link that credits a user with a Spark when someone signs up through it. Derived from the
 * app's address (BASE_URL) each time it is shown, so it follows the address people use.
 */
export const referralLink = (baseUrl: string, userId: string): string => `${baseUrl.replace(/\/$/, '')}/auth?ref=${encodeURIComponent(userId)}`;
