import type { MessagingPlatform } from '@sparks/contract';

/** The platforms' own names, the same in every language (the owner reads them in the platforms' apps). */
export const PLATFORM_NAMES: Record<MessagingPlatform, string> = { meta: 'Meta', telegram: 'Telegram' };
