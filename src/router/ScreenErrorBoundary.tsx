import { Component, type ComponentType, type ReactNode } from 'react';

interface Props {
  /** Where the screen was, for the error report. */
  path: string;
  children: ReactNode;
}

interface State {
  /** Null once the screen has thrown, the error screen once its chunk has arrived. */
  Shown?: ComponentType | null;
}

/**
 * A screen that throws while it renders shows the error screen instead of nothing, and the failure
 * is reported (flows 8: error.general triggers error reporting). A move to another screen starts
 * over.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = {};

  override componentDidCatch(error: unknown) {
    // Preact renders the boundary again for the state set here: the screen gives way at once.
    this.setState({ Shown: null });
    console.error(error);
    const { path } = this.props;
    // The error screen and the API client are no part of a page's first view: they come when something goes wrong.
    void import('./screen-failure').then(({ ErrorScreen, reportError }) => {
      void reportError({ screen: path, operation: 'render' });
      if (this.props.path === path) this.setState({ Shown: ErrorScreen });
    });
  }

  override componentDidUpdate(previous: Props) {
    if (previous.path !== this.props.path && this.state.Shown !== undefined) this.setState({ Shown: undefined });
  }

  override render() {
    const { Shown } = this.state;
    if (Shown === undefined) return this.props.children;
    return Shown && <Shown />;
  }
}
