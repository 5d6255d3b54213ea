// One Amplify theme for the whole portal: police navy and blue.
import { createTheme } from '@aws-amplify/ui-react';

export const portalTheme = createTheme({
  name: 'police-portal',
  tokens: {
    colors: {
      primary: {
        10: { value: '#eef3fb' },
        20: { value: '#d4e0f4' },
        40: { value: '#8fabdc' },
        60: { value: '#3566b8' },
        80: { value: '#1c3f85' },
        90: { value: '#152f66' },
        100: { value: '#0d1f45' },
      },
      secondary: {
        10: { value: '#fdf7e6' },
        20: { value: '#fbecc0' },
        40: { value: '#f6d57a' },
        60: { value: '#f2c14e' },
        80: { value: '#c99a26' },
        90: { value: '#9d7619' },
        100: { value: '#6b500f' },
      },
      background: {
        secondary: { value: '#f4f6fa' },
      },
      border: {
        focus: { value: '{colors.primary.60}' },
      },
    },
    fonts: {
      default: {
        variable: {
          value:
            "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
        },
        static: {
          value:
            "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
        },
      },
    },
    components: {
      heading: {
        1: { fontWeight: { value: '{fontWeights.bold}' } },
        2: { fontWeight: { value: '{fontWeights.semibold}' } },
      },
    },
    radii: {
      small: { value: '6px' },
      medium: { value: '8px' },
      large: { value: '12px' },
    },
  },
});
