// Catches render errors anywhere below it and shows the fatal error page.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FatalErrorPage } from '../pages/FatalErrorPage.tsx';

type State = { error: unknown; hasError: boolean };

export class FatalErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Fatal UI error', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return <FatalErrorPage error={this.state.error} />;
    return this.props.children;
  }
}
