import { Component, type ReactNode } from 'react';

interface ScreenErrorBoundaryProps {
  /** Rendered instead of the screen after it failed. */
  fallback: ReactNode;
  children: ReactNode;
}

/** Catches a screen that fails to render or whose code fails to load (for example after a deploy). */
export class ScreenErrorBoundary extends Component<ScreenErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Screen failed', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
