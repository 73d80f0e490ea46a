import { Component, type ComponentType, type ReactNode } from 'react';

interface Props {
  /** Where the screen was, for the error report. */
  path: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  /** The error screen, once its chunk has arrived. */
  Shown?: ComponentType | undefined;
}

/**
 * A screen that throws while it renders shows the error screen instead of nothing, and the failure
 * is reported (flows 8: error.general triggers error reporting). A move to another screen starts
 * over: the boundary is keyed by the path.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
    const { path } = this.props;
    // The error screen and the API client are no part of a page's first view: they come when something goes wrong.
    void import('./screen-failure').then(({ ErrorScreen, reportError }) => {
      void reportError({ screen: path, operation: 'render' });
      if (this.props.path === path) this.setState({ Shown: ErrorScreen });
    });
  }

  override componentDidUpdate(previous: Props) {
    if (previous.path !== this.props.path && this.state.failed) this.setState({ failed: false, Shown: undefined });
  }

  override render() {
    const { failed, Shown } = this.state;
    if (!failed) return this.props.children;
    return Shown ? <Shown /> : null;
  }
}
