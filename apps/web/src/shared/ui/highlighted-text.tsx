import { Mark, Text, type TextProps } from '@mantine/core';

/** A piece of a search result's text (server `lib/search.ts` `toSegments`): `match` pieces are the searched words. */
export interface HighlightSegment {
  text: string;
  match: boolean;
}

/**
 * A search result's fragment with its matched words marked (issue 24 section 2).
 * Rendered as React text, never as HTML: whatever the stored text holds stays text.
 */
export function HighlightedText({
  segments,
  title,
  ...props
}: { segments: HighlightSegment[]; title?: string } & TextProps) {
  return (
    <Text size="sm" {...props} title={title} data-testid="search-highlight">
      {segments.map((s, i) => (s.match ? <Mark key={i}>{s.text}</Mark> : <span key={i}>{s.text}</span>))}
    </Text>
  );
}
