import type { MantineColorsTuple } from '@mantine/core';

// Mantine's default palette with shades 6–9 darkened (mixed with black, so each keeps its hue) where
// they fail WCAG AA for normal text (4.5:1). Shades 0–5 (tints and backgrounds) are Mantine's own.
// What each shade is used for in the light scheme, and what it is held to (accessible-colors.test.ts):
// - 6: a filled button or badge under white text, `c="red"` text, outlines, and the dimmed text colour
//   (gray.6): 4.5:1 on white, on gray.0 and on the colour's own shade 0;
// - 9: the light variant's text, on the colour's shade 1 (and shade 2 when hovered): 4.5:1.
// The app's own 'reel' violet (theme.ts) already meets both.

export const accessibleColors = {
  gray: ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#676d73', '#495057', '#343a40', '#212529'],
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#c84242', '#c23232', '#b82828', '#b32525'],
  pink: ['#fff0f6', '#ffdeeb', '#fcc2d7', '#faa2c1', '#f783ac', '#f06595', '#c13d6c', '#ba2c5e', '#af2153', '#a61e4d'],
  grape: ['#f8f0fc', '#f3d9fa', '#eebefa', '#e599f7', '#da77f2', '#cc5de8', '#a541bf', '#9b37b3', '#9032a7', '#862e9c'],
  violet: ['#f3f0ff', '#e5dbff', '#d0bfff', '#b197fc', '#9775fa', '#845ef7', '#774eed', '#6d46e1', '#643fd2', '#5a3aba'],
  indigo: ['#edf2ff', '#dbe4ff', '#bac8ff', '#91a7ff', '#748ffc', '#5c7cfa', '#4564df', '#3c5ad6', '#3653c7', '#334abb'],
  blue: ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#1c72bd', '#1769b2', '#1560a5', '#165c9d'],
  cyan: ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#22b8cf', '#0f7c8b', '#0c7282', '#096979', '#0a6879'],
  teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#0d815e', '#097655', '#076c4d', '#076c4d'],
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#2b813a', '#257734', '#206d2f', '#226c30'],
  lime: ['#f4fce3', '#e9fac8', '#d8f5a2', '#c0eb75', '#a9e34b', '#94d82d', '#527f13', '#4a760e', '#426d0a', '#436c09'],
  yellow: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#966a03', '#915e00', '#8b5100', '#934c00'],
  orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#b1580e', '#af4905', '#a53f09', '#a9380c'],
} satisfies Record<string, MantineColorsTuple>;
