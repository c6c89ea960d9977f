import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/** What Mantine's provider would put in a <style> element for Budrunde's theme, on every page's first render. */
function providerCss(): string {
  const html = renderToStaticMarkup(
    createElement(MantineProvider, { theme, cssVariablesResolver, defaultColorScheme: 'light' }),
  );
  const match = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(html);
  if (!match?.[1]) throw new Error(`no CSS variables in ${html.slice(0, 200)}`);
  const css = match[1].replaceAll('&quot;', '"').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
  return `/* Written by theme-variables.test.ts from src/client/app/theme.ts (decision 022); do not edit. */\n${css}\n`;
}

describe('theme-variables.css', () => {
  // app.tsx turns the provider's variables off and imports this file instead (decision 022). If the theme or
  // Mantine changes, this fails: update the file with `npx vitest run --project unit -u` and commit it.
  it('holds exactly the CSS variables Mantine would compute for the theme', async () => {
    await expect(providerCss()).toMatchFileSnapshot('./theme-variables.css');
  });
});
