/**
 * Contact links stacked under each other: each on a line of its own and at least 24 px tall, so that a finger
 * hits the one it means (WCAG 2.5.8). A 14 px line is about 20 px high; 2 px above and below make 24.
 */
export const TAP_TARGET = { display: 'block', py: 2 } as const;
